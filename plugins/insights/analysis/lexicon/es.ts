// Spanish. "no" comes before what it negates ("no funciona"), as in English.
import type { LanguageLexicon } from './types';

export const es: LanguageLexicon = {
  aspects: {
    quality:
      'calidad|calidades|acabado*|fabricacion|fabricado*|bien hecho:+|mal hecho:-|costura*|solido*:+|robusto*:+|fragil*:-|parece barato:-|defectuos*:-|porqueria:-|humo*:-|mecha',
    fit: 'talla|tallas|tallan|corte|queda?|quedan?|mangas ... largas:-|ajust*|muy pequena*:-|muy pequeno*:-|demasiado pequen*:-|demasiado grande*:-|demasiado estrech*:-|demasiado ancho*:-|estrech*:-|enorme:-|sin forma:-|mangas|como un guante:+|tallan pequeno:-|tallan grande:-',
    comfort: 'comod*:+|comodidad|incomod*:-|ampolla*:-|me duelen los pies:-|duelen los pies:-|plantilla*|acolchad*',
    material: 'tela*|tejido*|material*|algodon|cuero|piel|lana|plastico?|poliester|pica:-|transparente:-',
    smell: 'olor*|huele|huelen|oler|aroma|aromas|perfume|fragancia|apesta:-|no huele a nada:-',
    taste: 'sabor*|sabe|saben|amargo*:-|acido*:-|rancio*:-|soso*:-|aguado*:-|quemado:-|delicioso*:+?|imbebible:-|rico:+',
    value: 'precio|precios|caro:-|cara:-|caros:-|caras:-|barato|barata|economico*:+|asequible:+|relacion calidad precio|valen|vale la pena:+|dinero|centimo*',
    delivery: 'envio*|entrega*|enviado*|entregado*|llego?|llegaron?|llegada|paquete|pedido|mensajeria|retraso*:-|nunca llego:-|tardo*',
    packaging: 'embalaje*|empaque*|empaquetado*|envoltorio|caja|bolsa|tarro|cerrar',
    durability:
      'duradero*:+|durabilidad|roto*:-?|rota*:-?|se rompio:-|se rompieron:-|rasgad*:-|despego:-|despegado*:-|encogio:-|encogido*:-|desteni*:-|gotea*:-|fuga*:-|averiad*:-|dejo de funcionar:-|ya no funciona:-|aguanta*?|dura?|duran?|podria durar mas:-?|se quema|se consumio ... rapido:-|se consumio|como nueva:+|como nuevo:+|sobrecalento:-|lavado*|al mes?|a la semana?|a las dos semanas?|a las tres semanas?',
    look: 'color*|diseno|aspecto|estilo|apariencia|bonit*:+?|precios*:+|elegante*:+?|feo:-|fea:-|foto|estampado',
    service: 'atencion al cliente|servicio al cliente|servicio de atencion|servicio tecnico|vendedor|reembolso|devolucion|reclamacion|soporte',
    battery: 'bateria*|autonomia|carga|cargador',
    sound: 'sonido*|suenan|suena|audio|graves|agudos|volumen|ruido*:-|chasquid*:-',
    usability:
      'facil de usar:+|faciles de usar:+|facil de limpiar:+|dificil de abrir:-|dificil de usar:-|uso|emparejamiento|emparejar|conexion|instrucciones|asa|tapa|calienta ... rapido:+|intuitiv*:+',
  },
  positive:
    'bueno|buena|buenos|buenas|bien|excelente*|perfect*|genial|estupend*|maravill*|encanta|encanto|me gusta|agradable*|suave|contento*|satisfech*|recomiendo|recomendable|rapid*|amable*|funciona|fuerte|fresco|razonable|increible*|mejor|impecable|ideal|top|correcta|correcto',
  negative:
    'malo|mala|malos|malas|mal|horrible*|terrible*|pesim*|malisim*|decepcion*|decepcionad*|pena|problema*|inutil|lent*|danad*|devolver|devolverla|devolverlo|devuelto|nunca mas|ignoro|dificil|calienta|caliente|dolor de cabeza|nausea*|artificial|mediocre|peor|apenas',
  negators: 'no|nunca|nada|ni|sin|tampoco|ningun|ninguna|ninguno|jamas|nadie',
  negationScope: 'after',
  contrast: 'pero|aunque|sin embargo|sino|excepto|mientras',
  and: 'y',
  excess: 'demasiado',
  sarcasm: 'gracias por nada|que maravilla|justo lo que queria|genial',
  safety:
    'sarpullido|alergi*|quemadura*|me quemo|quemo la oreja|incendio|fuego|detector de humo|exploto|explosion|herid*|hospital|toxic*|moho|peligros*|peligro|dolor de cabeza|nausea*|vomit*|picazon|descarga electrica|retirada',
  spam: 'codigo promocional|codigo|cupon|haz clic|pincha aqui|seguidores|whatsapp|telegram|cripto*|bitcoin|compra ya|gana dinero|ofertas',
};
