import type { ImageAspect, ImageStyle } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";

/**
 * The words the offline assistant understands, per UI language. Terms are matched after normalizeText (accents
 * dropped, lower case), whole words in Latin scripts, substrings in Chinese and Japanese.
 */
export interface Lexicon {
  /** Verbs (or verb phrases) that ask for something new to be made. */
  create: readonly string[];
  /** Things a creator asks us to make. */
  imageNouns: readonly string[];
  /** Words that change what is already there. */
  change: readonly string[];
  /** "instead", "rather": the user swaps one choice for another on the last image. */
  instead: readonly string[];
  /** "put @me into this photo", "swap @astro in": a persona takes the place of an image's subject. */
  swap: readonly string[];
  /** "new", "another": a fresh image even when one exists. */
  fresh: readonly string[];
  /** "again", "one more": the last generation once more. */
  again: readonly string[];
  /** "more options", "other versions": more variants of the current image. */
  more: readonly string[];
  help: readonly string[];
  credits: readonly string[];
  personas: readonly string[];
  list: readonly string[];
  greetings: readonly string[];
  thanks: readonly string[];
  headline: readonly string[];
  /** The person or thing in the picture (including "me"). */
  subject: readonly string[];
  bigger: readonly string[];
  smaller: readonly string[];
  sides: Record<"left" | "right" | "center", readonly string[]>;
  verticals: Record<"top" | "bottom", readonly string[]>;
  colors: Partial<Record<ColorName, readonly string[]>>;
  styles: Record<ImageStyle, readonly string[]>;
}

export const colorHex = {
  pink: "#ff4fa3",
  red: "#e63946",
  orange: "#ff8c1a",
  yellow: "#ffd60a",
  green: "#2bb673",
  cyan: "#22d3ee",
  blue: "#1e6ff2",
  purple: "#8e44ff",
  white: "#ffffff",
  black: "#111111",
  gray: "#9ca3af",
  gold: "#d4af37",
  brown: "#8b5a2b",
} as const;
export type ColorName = keyof typeof colorHex;

/** Aspect words are the same kind of thing in every language and often English brand names; one table for all. */
export const aspectTerms: Record<ImageAspect, readonly string[]> = {
  "9:16": [
    "9:16", "9x16", "shorts", "youtube short", "als short", "en short", "un short", "format short", "reel", "reels", "tiktok", "tik tok", "story", "stories", "vertical", "verticale", "vertikal",
    "hochformat", "hochkant", "竖屏", "竖版", "竖图", "抖音", "快手", "縦長", "縦型", "縦向き",
    "ストーリー", "リール", "ショート",
  ],
  "1:1": [
    "1:1", "1x1", "square", "instagram post", "insta post", "instagram", "cuadrado", "cuadrada", "carre", "carree", "quadratisch", "quadratische", "quadratisches", "quadratischen",
    "方形", "正方形", "方图", "スクエア", "インスタ投稿",
  ],
  "16:9": [
    "16:9", "16x9", "youtube", "widescreen", "landscape", "horizontal", "panoramico", "paysage", "querformat", "横屏", "横版",
    "横图", "横長", "横向き", "ユーチューブ",
  ],
};

/** Model names as people say them, most specific first; ids from contract/models.ts. */
export const modelTerms: Record<string, readonly string[]> = {
  "flux-kontext-max": ["flux kontext max", "flux max", "kontext max", "flux.1 kontext max", "flux.1 kontext [max]"],
  "flux-kontext-pro": ["flux kontext pro", "flux pro", "kontext pro", "flux.1 kontext pro", "flux.1 kontext [pro]", "flux kontext", "flux"],
  "gpt-image": ["gpt image", "gpt-image", "gpt image 1", "gptimage", "openai image", "dall-e", "dalle"],
  "gemini-pro-image": ["gemini pro", "gemini pro image", "gemini 3 pro"],
  "gemini-flash-image": ["gemini flash", "gemini flash image", "nano banana", "gemini"],
  studio: ["thumbforge studio", "studio model", "studio engine", "with studio", "using studio", "use studio", "via studio", "con studio", "avec studio", "mit studio", "用studio", "studioで", "studio 模型", "studioモデル"],
};

const english: Lexicon = {
  create: ["create", "generate", "draw", "design", "render", "paint", "illustrate", "imagine", "make me a", "make me an", "make me some", "make me two", "make me three", "make me 3", "make a", "make an", "make some", "make two", "make three", "make four", "make 2", "make 3", "make 4", "can you make", "i want", "i need", "i'd like", "give me a", "show me a", "new thumbnail"],
  imageNouns: ["thumbnail", "thumbnails", "thumb", "image", "images", "picture", "pictures", "pic", "poster", "posters", "cover", "banner", "artwork", "illustration", "variation", "variations", "version", "versions", "photo"],
  change: ["change", "edit", "adjust", "tweak", "move", "make it", "make the", "make my", "make me", "center", "centre", "turn it", "turn the", "put the", "put me", "shift", "place", "position", "slide", "switch", "replace", "recolor", "recolour", "update", "fix", "less", "more"],
  instead: ["instead", "rather", "in stead"],
  swap: ["swap", "swap in", "face swap", "replace", "put", "place", "switch", "insert", "into this", "in this photo", "in this picture", "in place of"],
  fresh: ["new", "another", "fresh", "different one", "from scratch"],
  again: ["again", "another one", "one more", "once more", "retry", "try again", "redo", "regenerate", "reroll", "different one"],
  more: ["more options", "more versions", "more variations", "other options", "other versions", "more ideas", "alternatives", "more like this"],
  help: ["help", "what can you do", "how does this work", "how do i", "what do you do", "commands", "how to use"],
  credits: ["credits", "credit", "balance", "how many credits", "credits left"],
  personas: ["persona", "personas", "characters"],
  list: ["list", "show", "which", "what are", "who are", "my personas", "do i have", "see"],
  greetings: ["hi", "hello", "hey", "good morning", "good evening", "yo", "howdy"],
  thanks: ["thanks", "thank you", "thx", "great", "awesome", "perfect", "nice", "cool", "love it"],
  headline: ["headline", "title", "text", "caption", "words", "lettering", "font", "letters"],
  subject: ["me", "myself", "subject", "person", "face", "him", "her", "guy", "girl", "character", "the man", "the woman", "figure"],
  bigger: ["bigger", "larger", "huge", "enlarge", "increase", "bolder", "more prominent", "too small", "too tiny", "hard to read", "barely visible"],
  smaller: ["smaller", "tinier", "shrink", "reduce", "less prominent", "decrease", "too big", "too large", "too huge"],
  sides: { left: ["left", "lefft"], right: ["right", "rigth", "rite"], center: ["center", "centre", "middle", "centered", "centred"] },
  verticals: { top: ["top", "upper"], bottom: ["bottom", "lower"] },
  colors: {
    pink: ["pink", "magenta"], red: ["red", "crimson"], orange: ["orange"], yellow: ["yellow"], green: ["green", "lime"],
    cyan: ["cyan", "teal", "turquoise", "aqua"], blue: ["blue", "navy"], purple: ["purple", "violet", "lilac"],
    white: ["white"], black: ["black"], gray: ["gray", "grey", "silver"], gold: ["gold", "golden"], brown: ["brown"],
  },
  styles: {
    realistic: ["realistic", "photo", "photorealistic", "photographic", "lifelike", "real life", "cinematic"],
    cartoon: ["cartoon", "cartoonish", "comic", "comics", "anime", "manga", "animated", "pixar"],
    abstract: ["abstract", "geometric", "surreal"],
    vintage: ["vintage", "retro", "old school", "old-school", "70s", "80s", "90s", "nostalgic"],
  },
};

const spanish: Lexicon = {
  create: ["crea", "crear", "creame", "genera", "generar", "generame", "dibuja", "dibujame", "disena", "disename", "haz una", "haz un", "hazme", "haga", "quiero", "necesito", "me gustaria", "dame una", "dame un", "nueva miniatura"],
  imageNouns: ["miniatura", "miniaturas", "imagen", "imagenes", "foto", "fotos", "poster", "portada", "cartel", "banner", "ilustracion", "variacion", "variaciones", "version", "versiones", "dibujo"],
  change: ["cambia", "cambiar", "cambialo", "edita", "editar", "ajusta", "mueve", "mover", "mueveme", "moverme", "muevete", "pasa", "pasar", "coloca", "colocame", "ponme", "pon", "ponlo", "ponla", "hazlo", "hazla", "haz el", "haz la", "haz que", "reemplaza", "corrige", "mas", "menos"],
  instead: ["en vez", "en lugar", "mejor"],
  swap: ["cambia", "cambiar", "reemplaza", "reemplazar", "sustituye", "sustituir", "pon", "ponme", "poner", "mete", "meter", "intercambia", "en esta foto", "en esta imagen"],
  fresh: ["nueva", "nuevo", "otra", "otro", "distinta", "desde cero"],
  again: ["otra vez", "otra mas", "otra version", "otra variante", "de nuevo", "repite", "repitela", "otra igual", "vuelve a intentarlo", "otra distinta", "otra diferente"],
  more: ["mas opciones", "opciones mas", "versiones mas", "otras opciones", "mas versiones", "otras versiones", "mas variantes", "alternativas"],
  help: ["ayuda", "que puedes hacer", "como funciona", "que sabes hacer", "como se usa"],
  credits: ["creditos", "credito", "saldo", "cuantos creditos", "me quedan"],
  personas: ["persona", "personas", "personajes", "avatares"],
  list: ["lista", "listar", "muestrame", "muestra", "cuales", "quienes", "mis personas", "tengo", "ver"],
  greetings: ["hola", "buenas", "buenos dias", "buenas tardes", "buenas noches", "que tal"],
  thanks: ["gracias", "genial", "perfecto", "me encanta", "muy bien", "excelente"],
  headline: ["titular", "titulo", "texto", "letras", "letra", "rotulo", "encabezado", "fuente"],
  subject: ["me", "mi", "yo", "sujeto", "persona", "cara", "personaje", "el chico", "la chica", "figura"],
  bigger: ["mas grande", "mas grandes", "agranda", "agrandar", "aumenta", "mayor", "mas llamativo", "demasiado pequeno", "muy pequeno", "muy chico"],
  smaller: ["mas pequeno", "mas pequena", "mas pequenito", "mas pequenita", "pequenito", "mas chico", "mas chica", "reduce", "reducir", "achica", "menor", "demasiado grande", "muy grande"],
  sides: { left: ["izquierda"], right: ["derecha"], center: ["centro", "centrado", "centrada", "medio"] },
  verticals: { top: ["arriba", "parte superior", "superior"], bottom: ["abajo", "parte inferior", "inferior"] },
  colors: {
    pink: ["rosa", "rosado", "rosada", "rosas", "fucsia", "magenta"], red: ["rojo", "roja", "rojos", "rojas"], orange: ["naranja", "naranjas", "anaranjado"],
    yellow: ["amarillo", "amarilla", "amarillos", "amarillas"], green: ["verde", "verdes"], cyan: ["cian", "turquesa", "celeste"],
    blue: ["azul", "azules"], purple: ["morado", "morada", "morados", "moradas", "purpura", "violeta", "lila"], white: ["blanco", "blanca", "blancos", "blancas"],
    black: ["negro", "negra", "negros", "negras"], gray: ["gris", "grises", "plateado"], gold: ["dorado", "dorada", "oro"], brown: ["marron", "cafe"],
  },
  styles: {
    realistic: ["realista", "foto", "fotografico", "fotorrealista", "realistas", "cinematografico"],
    cartoon: ["caricatura", "dibujos animados", "comic", "animado", "anime", "manga", "cartoon"],
    abstract: ["abstracto", "abstracta", "geometrico", "surrealista"],
    vintage: ["vintage", "retro", "antiguo", "antigua", "de epoca", "nostalgico"],
  },
};

const french: Lexicon = {
  create: ["cree", "creer", "creez", "genere", "generer", "generez", "dessine", "dessiner", "dessinez", "concois", "fais une", "fais un", "fais-moi", "fais moi", "faites", "realise", "je veux", "je voudrais", "j'aimerais", "il me faut", "donne-moi une", "nouvelle miniature"],
  imageNouns: ["miniature", "miniatures", "image", "images", "photo", "photos", "affiche", "poster", "couverture", "banniere", "illustration", "variation", "variations", "version", "versions", "visuel", "vignette"],
  change: ["change", "changer", "modifie", "modifier", "ajuste", "deplace", "deplacer", "place", "decale", "mets", "mettre", "rends", "rendre", "remplace", "corrige", "plus", "moins"],
  instead: ["plutot", "au lieu", "a la place"],
  swap: ["remplace", "remplacer", "mets", "mettre", "echange", "echanger", "place", "placer", "dans cette photo", "dans cette image"],
  fresh: ["nouvelle", "nouveau", "une autre", "un autre", "differente", "de zero"],
  again: ["encore", "encore une", "refais", "refais-la", "a nouveau", "recommence", "une de plus", "une autre"],
  more: ["plus d'options", "d'autres options", "autres options", "plus de versions", "d'autres versions", "autres versions", "variantes", "alternatives"],
  help: ["aide", "aidez", "que peux-tu faire", "que peux tu faire", "que sais-tu faire", "comment ca marche", "comment utiliser"],
  credits: ["credits", "credit", "solde", "combien de credits", "il me reste"],
  personas: ["persona", "personas", "personnages", "avatars"],
  list: ["liste", "lister", "montre", "montre-moi", "affiche", "quels", "quelles", "qui sont", "mes personas", "j'ai", "voir"],
  greetings: ["bonjour", "salut", "bonsoir", "coucou", "hello"],
  thanks: ["merci", "super", "parfait", "genial", "j'adore", "top"],
  headline: ["titre", "texte", "accroche", "lettres", "ecriture", "police", "titrage"],
  subject: ["moi", "me", "sujet", "personne", "visage", "personnage", "le gars", "la fille", "silhouette"],
  bigger: ["plus grand", "plus grande", "plus gros", "plus grosse", "agrandis", "agrandir", "grossis", "plus visible", "trop petit", "trop petite"],
  smaller: ["plus petit", "plus petite", "reduis", "reduire", "retrecis", "moins gros", "moins grand", "trop grand", "trop grande", "trop gros"],
  sides: { left: ["gauche"], right: ["droite"], center: ["centre", "centree", "centré", "milieu"] },
  verticals: { top: ["en haut", "haut", "superieur"], bottom: ["en bas", "bas", "inferieur"] },
  colors: {
    pink: ["rose", "fuchsia", "magenta"], red: ["rouge", "rouges"], orange: ["orange", "orangee"], yellow: ["jaune", "jaunes"],
    green: ["vert", "verte", "verts"], cyan: ["cyan", "turquoise"], blue: ["bleu", "bleue", "bleus"],
    purple: ["violet", "violette", "pourpre", "mauve"], white: ["blanc", "blanche", "blancs"], black: ["noir", "noire", "noirs"],
    gray: ["gris", "grise", "argent", "argente"], gold: ["dore", "doree", "en or"], brown: ["marron", "brun", "brune"],
  },
  styles: {
    realistic: ["realiste", "photo", "photorealiste", "photographique", "cinematographique"],
    cartoon: ["dessin anime", "cartoon", "bd", "bande dessinee", "comics", "anime", "manga"],
    abstract: ["abstrait", "abstraite", "geometrique", "surrealiste"],
    vintage: ["vintage", "retro", "ancien", "ancienne", "annees 80", "nostalgique"],
  },
};

const german: Lexicon = {
  create: ["erstelle", "erstellen", "erstell", "generiere", "generieren", "zeichne", "zeichnen", "gestalte", "entwirf", "mach mir", "mache mir", "mach ein", "mach eine", "mach einen", "mache ein", "mache eine", "ich will", "ich mochte", "ich brauche", "gib mir ein", "neues thumbnail"],
  imageNouns: ["thumbnail", "thumbnails", "vorschaubild", "vorschaubilder", "bild", "bilder", "foto", "fotos", "poster", "plakat", "cover", "titelbild", "banner", "illustration", "variante", "varianten", "version", "versionen"],
  change: ["andere", "andern", "aendere", "bearbeite", "bearbeiten", "verschiebe", "verschieben", "schieb", "schiebe", "schieben", "setzen", "beweg", "bewege", "platziere", "ruck", "setz", "setze", "mach es", "mach den", "mach die", "mach das", "mach mich", "ersetze", "korrigiere", "passe", "mehr", "weniger"],
  instead: ["stattdessen", "lieber", "anstatt", "statt"],
  swap: ["ersetze", "ersetzen", "tausche", "tauschen", "setze", "setzen", "pack", "packe", "fuge", "einfugen", "in dieses foto", "in dieses bild", "auf dieses foto"],
  fresh: ["neues", "neue", "neuen", "noch ein", "noch eine", "anderes", "von vorn"],
  again: ["nochmal", "noch mal", "noch einmal", "noch eins", "noch eine", "wiederhole", "erneut", "eine andere", "ein anderes"],
  more: ["mehr optionen", "weitere optionen", "andere optionen", "mehr versionen", "weitere versionen", "andere versionen", "alternativen", "varianten"],
  help: ["hilfe", "was kannst du", "wie funktioniert", "was machst du", "wie geht das"],
  credits: ["credits", "credit", "guthaben", "wie viele credits", "kontostand", "ubrig"],
  personas: ["persona", "personas", "personen", "figuren", "avatare"],
  list: ["liste", "auflisten", "zeig", "zeige", "welche", "wer sind", "meine personas", "habe ich", "sehen"],
  greetings: ["hallo", "hi", "guten tag", "guten morgen", "guten abend", "servus", "moin"],
  thanks: ["danke", "super", "perfekt", "toll", "klasse", "genial"],
  headline: ["uberschrift", "titel", "text", "schrift", "headline", "buchstaben", "schriftzug", "textfarbe", "schriftfarbe", "schriftart"],
  subject: ["mich", "ich", "motiv", "person", "gesicht", "figur", "der mann", "die frau"],
  bigger: ["größer", "grösser", "vergrößere", "vergrößern", "vergrössere", "auffälliger", "zu klein"],
  smaller: ["kleiner", "verkleinere", "verkleinern", "dezenter", "zu groß", "zu gross"],
  sides: { left: ["links", "linke", "linken"], right: ["rechts", "rechte", "rechten"], center: ["mitte", "zentriert", "mittig", "zentrum"] },
  verticals: { top: ["oben", "oberen", "obere"], bottom: ["unten", "unteren", "untere"] },
  colors: {
    pink: ["pink", "rosa", "magenta"], red: ["rot", "rote", "roten", "roter", "rotes"], orange: ["orange", "orangene", "orangen"],
    yellow: ["gelb", "gelbe", "gelben", "gelber", "gelbes"], green: ["grun", "grune", "grunen", "gruner", "grunes"], cyan: ["turkis", "cyan", "turkise"],
    blue: ["blau", "blaue", "blauen", "blauer", "blaues"], purple: ["lila", "violett", "violette", "violetter", "purpur"], white: ["weiss", "weisse", "weissen", "weisser", "weisses", "weiß", "weiße", "weißen", "weißer", "weißes"],
    black: ["schwarz", "schwarze", "schwarzen", "schwarzer", "schwarzes"], gray: ["grau", "graue", "grauen", "grauer", "graues", "silber"], gold: ["gold", "golden", "goldene", "goldenen", "goldener", "goldenes"],
    brown: ["braun", "braune", "braunen", "brauner", "braunes"],
  },
  styles: {
    realistic: ["realistisch", "realistische", "realistischen", "realistisches", "realistischer", "foto", "fotorealistisch", "fotografisch", "filmisch"],
    cartoon: ["cartoon", "comic", "zeichentrick", "anime", "manga", "comicstil"],
    abstract: ["abstrakt", "abstrakte", "abstrakten", "abstraktes", "abstrakter", "geometrisch", "surreal"],
    vintage: ["vintage", "retro", "nostalgisch", "altmodisch", "im stil der 80er"],
  },
};

const chinese: Lexicon = {
  create: ["生成", "创建", "画一", "画个", "画张", "帮我画", "做一张", "做一个", "做个", "做张", "制作", "设计", "来一张", "来张", "给我一张", "我想要", "我要", "新的"],
  imageNouns: ["缩略图", "封面", "图片", "海报", "插画", "图像", "照片", "头图", "变体", "版本"],
  change: ["改", "换", "变成", "把", "移到", "移动", "放在", "挪", "调整", "编辑", "修改", "放到", "弄成", "更"],
  instead: ["改成", "换成", "改为", "而不是"],
  swap: ["换成", "替换", "换脸", "放进", "放到", "放入", "这张照片", "这张图"],
  fresh: ["新的", "另一张", "再来一张", "重新", "另外一张"],
  again: ["再来一张", "再来一个", "再做一张", "再生成", "重新生成", "再来", "再画一张", "换一张"],
  more: ["更多选项", "其他选项", "更多版本", "其他版本", "多几个版本", "几个版本", "换个版本", "变体"],
  help: ["帮助", "你能做什么", "你会什么", "怎么用", "如何使用", "能干什么", "功能"],
  credits: ["积分", "额度", "余额", "点数", "还剩多少"],
  personas: ["角色", "人设", "人物"],
  list: ["列出", "显示", "有哪些", "哪些", "查看", "看看", "我的角色", "列表"],
  greetings: ["你好", "您好", "嗨", "早上好", "晚上好", "哈喽"],
  thanks: ["谢谢", "多谢", "太好了", "完美", "很棒", "不错"],
  headline: ["标题", "文字", "文案", "字体", "大字", "字"],
  subject: ["我", "人物", "主体", "脸", "主角"],
  bigger: ["大一点", "大一些", "更大", "放大", "大些", "加大", "太小"],
  smaller: ["小一点", "小一些", "更小", "缩小", "小些", "减小", "太大"],
  sides: { left: ["左"], right: ["右"], center: ["中间", "居中", "中央", "正中"] },
  verticals: { top: ["顶部", "上方", "上面", "上边"], bottom: ["底部", "下方", "下面", "下边"] },
  colors: {
    pink: ["粉红", "粉色", "粉"], red: ["红"], orange: ["橙", "橘"], yellow: ["黄"], green: ["绿"], cyan: ["青", "蓝绿"],
    blue: ["蓝"], purple: ["紫"], white: ["白色", "白"], black: ["黑"], gray: ["灰", "银"], gold: ["金色", "金黄", "金"], brown: ["棕", "褐", "咖啡色"],
  },
  styles: {
    realistic: ["写实", "真实", "逼真", "照片", "摄影", "实拍"],
    cartoon: ["卡通", "漫画", "动漫", "动画", "二次元"],
    abstract: ["抽象", "几何"],
    vintage: ["复古", "怀旧", "老式", "年代感"],
  },
};

const japanese: Lexicon = {
  create: ["作って", "作成", "生成", "描いて", "つくって", "デザインして", "作りたい", "欲しい", "ほしい", "作れる", "作ってください", "新しい"],
  imageNouns: ["サムネイル", "サムネ", "画像", "ポスター", "表紙", "イラスト", "写真", "カバー", "バナー", "バリエーション", "パターン", "案"],
  change: ["変えて", "変更", "移動", "編集", "にして", "動かして", "寄せて", "置いて", "直して", "もっと", "調整"],
  instead: ["代わりに", "じゃなくて", "ではなく", "に変えて", "にして"],
  swap: ["入れ替え", "置き換え", "差し替え", "入れて", "顔交換", "はめ込", "この写真", "この画像"],
  fresh: ["新しい", "別の", "もう一枚", "もう1枚", "最初から"],
  again: ["もう一枚", "もう1枚", "もう一度", "もう一回", "再生成", "やり直して", "作り直して", "別のパターン"],
  more: ["他の案", "別案", "他のバージョン", "別バージョン", "バリエーション", "他のパターン", "もっと案"],
  help: ["ヘルプ", "何ができる", "なにができる", "使い方", "どうやって", "助けて", "機能"],
  credits: ["クレジット", "残高", "ポイント", "残り"],
  personas: ["ペルソナ", "キャラクター", "キャラ"],
  list: ["一覧", "リスト", "見せて", "表示", "どんな", "教えて", "確認"],
  greetings: ["こんにちは", "こんばんは", "おはよう", "やあ", "はじめまして"],
  thanks: ["ありがとう", "いいね", "完璧", "最高", "素晴らしい"],
  headline: ["見出し", "タイトル", "テキスト", "文字", "キャッチ", "フォント", "ヘッドライン"],
  subject: ["私", "わたし", "僕", "ぼく", "俺", "自分", "人物", "被写体", "顔", "キャラ"],
  bigger: ["大きく", "大きい", "拡大", "でかく", "目立つ", "小さすぎ"],
  smaller: ["小さく", "小さい", "縮小", "控えめ", "大きすぎ"],
  sides: { left: ["左"], right: ["右"], center: ["中央", "真ん中", "中心", "センター"] },
  verticals: { top: ["上部", "上に", "上へ", "上側", "上の方", "一番上"], bottom: ["下部", "下に", "下へ", "下側", "下の方", "一番下"] },
  colors: {
    pink: ["ピンク", "桃色"], red: ["赤", "レッド"], orange: ["オレンジ", "橙"], yellow: ["黄色", "黄", "イエロー"], green: ["緑", "グリーン"],
    cyan: ["水色", "シアン", "ターコイズ"], blue: ["青", "ブルー", "紺"], purple: ["紫", "パープル"], white: ["白", "ホワイト"],
    black: ["黒", "ブラック"], gray: ["灰色", "グレー", "銀"], gold: ["金色", "ゴールド", "金"], brown: ["茶色", "ブラウン"],
  },
  styles: {
    realistic: ["リアル", "写実", "実写", "写真風", "フォトリアル"],
    cartoon: ["カートゥーン", "漫画", "マンガ", "アニメ", "コミック"],
    abstract: ["抽象", "アブストラクト"],
    vintage: ["ヴィンテージ", "ビンテージ", "レトロ", "懐かしい", "昭和"],
  },
};

export const lexicons: Record<Language, Lexicon> = { en: english, es: spanish, fr: french, de: german, zh: chinese, ja: japanese };
