// French. Elisions are split by the tokenizer ("n'est" = "n est"), so "ne ... pas" is two negators in one clause.
import type { LanguageLexicon } from './types';

export const fr: LanguageLexicon = {
  aspects: {
    quality:
      'qualite|qualites|finition*|fabrication|bien fait:+|mal fait:-|couture*|solide:+|robuste:+|fragile:-|fait bon marche:-|camelote:-|defectueu*:-|fumee*:-|meche',
    fit: 'taille|manches ... longues:-|tailles|taillent|coupe|pointure|ajuste*|trop petit*:-|trop grand*:-|trop serre*:-|trop large*:-|trop etroit*:-|etroit*:-|serre*:-|informe:-|manches|comme un gant:+|taille petit:-|taillent petit:-|taille grand:-|taillent grand:-',
    comfort: 'confortable*:+|confort*|inconfortable*:-|ampoule*:-|mal aux pieds:-|semelle interieure|rembourr*',
    material: 'tissu*|matiere*|materiau*|coton|cuir|laine|plastique?|polyester|gratte:-|transparent:-',
    smell: 'odeur*|sent|sentent|senti|parfum*|arome*|senteur*|pue:-',
    taste: 'gout*|saveur*|amer*:-|acide:-|rance:-|fade:-|aqueux:-|gout de brule:-|delicieux:+?|imbuvable:-|chocolate:+',
    value: 'prix|cher:-|chere:-|cheres:-|chers:-|trop cher:-|bon marche:+|pas cher:+|abordable:+|rapport qualite prix|vaut|valent|argent|centime',
    delivery: 'livraison*|livre|livree|expedition|expedie*|colis|arrive*?|recu|retard*:-|jamais recu:-|delai*',
    packaging: 'emballage*|emballe*|carton|boite|paquet|sachet|pot|referme',
    durability:
      'durable*:+|durabilite|casse*:-?|dechire*:-?|decolle*:-|retreci*:-|delave*:-|fuit:-|fuite*:-|en panne:-|tombe en panne:-|ne fonctionne plus:-|ne marche plus:-|tient?|tiennent?|dure?|durent?|pourrait durer plus longtemps:-?|pourrait durer plus:-?|brule de travers:-|consume*|comme neuf:+|surchauffe*:-|lavage*|au bout d un mois?|apres une semaine?|apres deux semaines?',
    look: 'couleur*|design|look|style|aspect|apparence|joli*:+?|beau:+?|belle:+?|elegant*:+?|magnifique*:+?|superbe*:+?|moche:-|photo|imprime',
    service: 'service client|service apres vente|sav|vendeur|remboursement|retour|echange|reclamation|support',
    battery: 'batterie*|autonomie|charge|recharge*|chargeur',
    sound: 'son|sons|audio|basse*|aigus|volume|gresill*:-|gresillement*:-|bruit*',
    usability:
      'facile a utiliser:+|facile a nettoyer:+|simple a utiliser:+|difficile a ouvrir:-|difficile a utiliser:-|utilisation|jumelage|appairage|connexion|mode d emploi|notice|poignee|couvercle|chauffe ... vite:+|intuiti*:+',
  },
  positive:
    'bon|bonne|bons|bonnes|bien|excellent*|parfait*|super|genial*|top|adore|aime|agreable*|doux|douce|ravi*|content*|satisfait*|recommande|merveilleu*|divin*|delicieu*|rapide*|vite|aimable|fonctionne|marche|fort|frais|raisonnable|bonheur|incroyabl*|meilleur*|impeccable|tres bien|longtemps',
  negative:
    'mauvais*|nul|nulle|horrible|affreux|terrible|decu|decue|decevant*|dommage|probleme*|inutile|lent*|abime*|renvoye*|renvoyer|jamais plus|ignore*|difficile|chaud*|maux de tete|nausee*|artificiel*|mediocre*|rien a voir|pire|bof|a peine',
  negators: 'ne|n|pas|jamais|rien|aucun|aucune|sans|ni|personne',
  negationScope: 'clause',
  contrast: 'mais|cependant|pourtant|par contre|neanmoins|toutefois|bien que|sauf',
  and: 'et',
  excess: 'trop',
  sarcasm: 'merci pour rien|merci du cadeau|bravo vraiment|exactement ce que je voulais|genial',
  safety:
    'eruption*|allergi*|brulure*|m a brule|brule l oreille|incendie|feu|detecteur de fumee|explose*|blesse*|hopital|toxique|moisi*|dangereu*|danger|maux de tete|nausee*|vomi*|demangeaison*|urticaire|electrocut*|rappel',
  spam: 'code promo|code|cliquez|cliquez ici|abonnes|whatsapp|telegram|crypto|bitcoin|achetez maintenant|gagner de l argent|promo',
};
