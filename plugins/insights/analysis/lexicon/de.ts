// German. Compounds are caught by prefixes ("liefer*" = Lieferung, Lieferzeit; "akku*" = Akkulaufzeit).
import type { LanguageLexicon } from './types';

export const de: LanguageLexicon = {
  aspects: {
    quality:
      'qualitat*|verarbeit*|gut verarbeitet:+|schlecht verarbeitet:-|nahte|naht|minderwertig:-|billig verarbeitet:-|wirkt billig:-|stabil:+|solide:+|solider:+|wackelig:-|defekt*:-|schrott:-|rauch*:-|docht*',
    fit: 'passt|passen|passform|passte|grosse|grossen|nummer|sitzt|sitzen|fallt ... klein:-|fallt ... gross:-|fallen ... klein:-|fallen ... gross:-|zu klein:-|zu gross:-|zu eng:-|zu weit:-|zu schmal:-|zu breit:-|eng:-|schmal:-|weit geschnitten:-|armel ... lang:-|armel|wie angegossen:+|unformig:-|geschnitten',
    comfort: 'bequem*:+|unbequem*:-|komfort*|tragekomfort|blasen:-|drucken:-|tun ... weh:-|fusse tun weh:-|einlegesohle*|polster*',
    material: 'stoff*|material*|baumwolle|leder|wolle|kunststoff?|plastik?|kratzig:-|kratzt:-|durchsichtig:-|dunn:-',
    smell: 'duft*|geruch*|riecht|riechen|roch|duftet|duften|stinkt:-|aroma',
    taste:
      'geschmack*|schmeckt|schmecken|schmeckte|bitter:-|sauer:-|fade:-|wassrig:-|schmeckt ... verbrannt:-|lecker:+|mild:+|ungeniessbar:-|aromatisch:+|schokoladig:+',
    value: 'preis*|teuer:-|uberteuert:-|gunstig:+|billig|wert|geld|kosten|preiswert:+|schnappchen:+|preis leistung',
    delivery: 'liefer*|versand*|versendet|geliefert|kam ... an?|angekommen?|paket|zustellung|post|kam nie an:-|dauerte ewig:-|verspat*:-|zu spat:-',
    packaging: 'verpack*|verpackt|karton|schachtel|tute|beutel|glas|verschliessen',
    durability:
      'haltbar*|halt?|halten?|konnte langer halten:-?|kaputt:-?|hinuber:-?|brennt ... ungleichmassig:-|runtergebrannt:-|brenndauer|schnell runter:-|gerissen:-|zerrissen:-|lost sich:-|gelost:-|eingelaufen:-|verzogen:-|ausgeblichen:-|undicht:-|geht nicht mehr|funktioniert ... nicht mehr:-|nach einer woche?|nach zwei wochen?|nach einem monat?|nach der ersten wasche|wasche*|wie neu:+|uberhitz*:-|heiss geworden:-|wurde heiss:-|halten schon:+',
    look: 'aussehen|sieht ... aus|sehen ... aus|optik|optisch|design|farbe*|aufdruck|druck|stil|schick:+|hubsch:+?|wunderschon:+?|hasslich:-|foto|bild|edel:+',
    service: 'kundenservice|kundendienst|service|support|verkaufer|handler|erstattung|ruckerstattung|reklamation|umtausch|rucksendung',
    battery: 'akku*|batterie*|laden|aufladen|ladezeit',
    sound: 'klang*|klingen|klingt|sound|ton|bass|hohen|lautstarke|gerausch*|rauschen:-|knistern:-|blechern:-',
    usability:
      'einfach zu bedienen:+|einfach zu reinigen:+|leicht zu bedienen:+|bedienung*|handhabung|kopplung|koppeln|verbindung|einrichtung|anleitung|griff|deckel|kinderleicht:+|schwer zu offnen:-|lasst sich schwer:-|umstandlich:-',
  },
  positive:
    'gut|gute|guter|gutes|guten|toll*|super|perfekt|prima|klasse|hervorragend*|ausgezeichnet|wunderbar|herrlich|schon|schone|schoner|schones|angenehm*|weich|begeistert|zufrieden|empfehlen|empfehlenswert|liebe|lieben|bestens|beste|besten|genial|top|schnell*|freundlich*|funktioniert|klappt|stark|frisch|fair|fairen|stimmt|traum|unglaublich|lange|ewig',
  negative:
    'schlecht*|schlimm|furchtbar|schrecklich|enttauscht|enttauschung|mangelhaft|nutzlos|leider|schade|problem*|argerlich|nervig|langsam|beschadigt|kaputt|zuruckgeschickt|zuruckgesendet|nie wieder|ignoriert|schwer|schwierig|heiss|kopfschmerz*|ubel*|kunstlich|wenig|kaum|alt|dunn|mies|katastrophe|reagiert nicht|spulwasser|schief|ungleichmassig',
  negators: 'nicht|kein|keine|keinen|keiner|keinem|nie|niemals|nichts|ohne|weder|noch nie',
  negationScope: 'clause',
  contrast: 'aber|doch|jedoch|allerdings|trotzdem|obwohl|nur|sondern',
  and: 'und',
  contrastParticle: true,
  excess: 'zu',
  excessAdjectives: 'klein|gross|eng|weit|lang|kurz|teuer|dunn|schwer|laut|leise|schwach|stark|bitter|suss|kunstlich|spat|heiss|hart|schmal|breit|wenig|viel',
  sarcasm: 'na toll|na super|danke fur nichts|ganz toll|wirklich toll|herzlichen dank auch|genau was ich wollte',
  safety:
    'ausschlag|allergi*|verbrennung*|verbrannt ... ohr|ohr verbrannt|hat mir ... verbrannt|brand|feuer|rauchmelder|explodiert|verletz*|krankenhaus|giftig|schimmel*|gefahrlich|gefahr|kopfschmerz*|ubelkeit|erbrechen|juckreiz|stromschlag|ruckruf|unsicher',
  spam: 'rabattcode|gutscheincode|code|klicken sie|hier klicken|follower|whatsapp|telegram|krypto|bitcoin|jetzt kaufen|geld verdienen|angebote|bestellen sie',
};
