// English. Aspect words name the topic; a polar one (":-") also says how it went ("broke", "runs small").
import type { LanguageLexicon } from './types';

export const en: LanguageLexicon = {
  aspects: {
    quality:
      'quality|well made:+|poorly made:-|badly made:-|cheaply made:-|craftsmanship|workmanship|stitching|seams|build|finish|flimsy:-|solid:+|sturdy:+|junk:-|cheap junk:-|garbage:-|feels cheap:-|looks cheap:-|cheap quality:-|defective:-|faulty:-|dead on arrival:-|smoke*:-|wick*',
    fit: 'fit|fits|fitting|fitted|size|sizes|sizing|sized|true to size:+|runs small:-|runs large:-|runs big:-|runs ... small:-|runs ... large:-|too small:-|too big:-|too large:-|too tight:-|too loose:-|too narrow:-|too wide:-|tight:-|narrow:-|baggy:-|sleeves ... long:-|sleeve*|like a glove:+|size up|size down',
    comfort: 'comfort|comfortable:+|comfy:+|uncomfortable:-|blister*:-|pinch*:-|my feet hurt:-|feet hurt:-|cushion*|insole*|soft on:+',
    material: 'material|materials|fabric|cotton|leather|wool|polyester|linen|plastic?|scratchy:-|itchy:-|see through:-|thin:-',
    smell: 'smell|smells|smelled|smelling|scent|scents|scented|fragrance|aroma|odor|odour|barely smell:-|stinks:-|stink*:-',
    taste:
      'taste|tastes|tasted|tasting|flavor|flavour|flavors|flavours|bitter:-|sour:-|stale:-|burnt:-|bland:-|smooth:+|delicious:+|yummy:+|watery:-|undrinkable:-|drinkable:+',
    value:
      'price|priced|pricey:-|overpriced:-|expensive:-|cheap:+|affordable:+|value|worth|bargain:+|money|cost|costs|for the price|for the size|for the quality|for the money|rip off:-|ripoff:-',
    delivery:
      'delivery|delivered|shipping|shipped|arrived|arrive|arrival|courier|parcel|postage|dispatch*|arrived?|arrive?|took forever:-|took ... weeks:-|never arrived:-|late:-|quick delivery:+|fast shipping:+',
    packaging: 'packaging|packaged|package|packed|box|boxes|wrapped|wrapping|bag|jar|reseal*',
    durability:
      'durable:+|durability|broke:-|broken:-?|breaks:-|tore:-|torn:-?|ripped:-|fell apart:-|falling apart:-|came apart:-|fell off:-|stopped working:-|quit working:-|died:-?|dead:-?|leak*:-|shrank:-|shrunk:-|shrinks:-|faded:-|fades:-|cracked:-|holes:-|lasted:+?|lasts:+?|could last longer:-?|should last longer:-?|still going|still in great shape:+|wear and tear|after a month?|after one month?|after a week?|after two weeks?|wash*|overheat*:-|burned down|burns evenly:+|burn time',
    look: 'look|looks|looked|looking|design|color|colour|colors|colours|print|style|stylish:+|beautiful:+?|gorgeous:+?|pretty:+?|ugly:-|photo|picture|elegant:+',
    service: 'customer service|customer support|support|seller|refund|return|returns|replacement|service|helpful staff',
    battery: 'battery|batteries|battery life|charge|charging|charger',
    sound: 'sound|sounds|audio|bass|treble|noise cancel*|volume|crackl*:-|static:-|tinny:-|hiss*:-',
    usability:
      'easy to use:+|easy to clean:+|easy to set up:+|hard to use:-|hard to open:-|difficult to use:-|set up|setup|pairing|pairs|pair|controls|instructions|intuitive:+|user friendly:+|handle|lid|boils fast:+|reset',
  },
  positive:
    'good|great|excellent|amazing|awesome|perfect|perfectly|love|loved|loves|lovely|nice|fantastic|wonderful|superb|best|incredible|favourite|favorite|happy|pleased|recommend|glad|brilliant|outstanding|fine|spot on|rich|crisp|decent|fair|fast|quick|quickly|easy|works|worked|working|soft|strong|reliable|impressed|beautifully|well|fresh|smooth|tasty|helpful|friendly|responded|replied|answered|no complaints:+|great value|worth it|comfortable',
  negative:
    'bad|poor|poorly|terrible|awful|horrible|worst|hate|hated|disappointed|disappointing|disappointment|cheap junk|useless|waste|broke|broken|slow|late|weak|nightmare|problem|problems|issue|issues|complaint|complaints|return it|sent it back|send it back|returned|refused|ignored|flat|stale|never again|not worth|avoid|annoying|hard|difficult|mess|damaged|torn|hot|headache|rubbish|meh|mediocre|average|thin|hurt|hurts|pain|painful|sadly|unfortunately|nothing like|than advertised|shorter than|could be better|could have been better|could be improved|leaves a lot to be desired',
  negators: 'not|no|never|nothing|nobody|none|without|hardly|barely|neither|nor|cannot',
  negationScope: 'after',
  contrast: 'but|although|though|however|yet|except|whereas|while',
  and: 'and',
  excess: 'too',
  sarcasm: 'oh great|just great|oh wonderful|yeah right|thanks for nothing|exactly what i wanted|just what i needed|what a bargain|wow',
  safety:
    'rash|allergic|allergy|allergies|burned my|burned me|burnt my|burns on|got burned|gave ... burns|burn marks|fire|caught fire|fire hazard|smoke alarm|exploded|explode|explosion|choking|choke|injury|injured|hurt my|hospital|sick|poison*|toxic|mold|mould|bleeding|electric shock|shocked me|dangerous|hazard|unsafe|recall|headache|headaches|nausea|vomit*|swelling|itching|burning sensation',
  spam: 'promo code|discount code|use code|coupon|click here|visit my|followers|whatsapp|telegram|crypto|bitcoin|free shipping worldwide|buy now|dm me|earn money|work from home|deals',
};
