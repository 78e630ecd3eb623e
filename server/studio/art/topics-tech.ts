import { MODIFIER, SUBJECT, type Topic } from "./topic.ts";

/** Creator topics about screens, machines, science and business. */
export const techTopics: readonly Topic[] = [
  {
    ids: ["video-game", "joystick"],
    weight: SUBJECT,
    words: {
      en: ["gaming", "gamer", "game", "gameplay", "console", "controller", "playstation", "ps5", "xbox", "nintendo", "esports", "speedrun", "minecraft", "fortnite"],
      es: ["videojuego", "gamer", "gaming", "jugar", "consola", "mando", "partida"],
      fr: ["jeu video", "gaming", "gamer", "manette", "console", "jouer"],
      de: ["gaming", "zocken", "videospiel", "konsole", "gamer", "controller"],
      zh: ["游戏", "电竞", "打游戏", "游戏机", "手柄", "主机"],
      ja: ["ゲーム", "ゲーミング", "ゲーム実況", "実況", "ゲーマー", "コントローラー"],
    },
  },
  {
    ids: ["desktop-computer", "laptop"],
    weight: SUBJECT,
    words: {
      en: ["setup", "desk setup", "pc", "computer", "pc build", "gaming pc", "monitor"],
      es: ["setup", "ordenador", "computadora", "pc"],
      fr: ["setup", "ordinateur", "ordi", "pc"],
      de: ["setup", "rechner", "computer", "pc"],
      zh: ["电脑", "台式机", "装机", "主机配置"],
      ja: ["パソコン", "ゲーミングpc", "自作pc", "デスク環境", "pc"],
    },
  },
  {
    ids: ["laptop", "technologist"],
    weight: SUBJECT,
    words: {
      en: ["coding", "code", "programming", "programmer", "developer", "software", "python", "javascript", "app", "web development"],
      es: ["programar", "programacion", "programador", "codigo", "desarrollador", "app"],
      fr: ["coder", "code", "programmation", "programmer", "developpeur", "application"],
      de: ["programmieren", "programmierer", "code", "entwickler", "software", "app"],
      zh: ["编程", "程序员", "代码", "写代码", "开发", "笔记本电脑"],
      ja: ["プログラミング", "プログラマー", "コード", "エンジニア", "アプリ", "ノートパソコン"],
    },
  },
  {
    ids: ["robot"],
    weight: SUBJECT,
    words: {
      en: ["ai", "artificial intelligence", "chatgpt", "gpt", "machine learning", "robot", "automation"],
      es: ["ia", "inteligencia artificial", "chatgpt", "robot"],
      fr: ["ia", "intelligence artificielle", "chatgpt", "robot"],
      de: ["ki", "kunstliche intelligenz", "chatgpt", "roboter"],
      zh: ["人工智能", "ai", "机器人", "大模型"],
      ja: ["ai", "人工知能", "ロボット", "生成ai"],
    },
  },
  {
    ids: ["mobile-phone"],
    weight: SUBJECT,
    words: {
      en: ["phone", "smartphone", "iphone", "android", "samsung", "pixel"],
      es: ["movil", "celular", "telefono", "iphone", "smartphone"],
      fr: ["telephone", "smartphone", "iphone", "portable"],
      de: ["handy", "smartphone", "iphone", "telefon"],
      zh: ["手机", "苹果手机", "安卓", "iphone"],
      ja: ["スマホ", "スマートフォン", "携帯", "iphone", "アイフォン"],
    },
  },
  {
    ids: ["laptop"],
    weight: SUBJECT,
    words: { en: ["macbook", "notebook"], es: ["portatil"], fr: ["macbook"], de: ["macbook", "notebook"], zh: ["macbook", "笔记本"], ja: ["macbook", "ノートpc"] },
  },
  {
    ids: ["video-camera", "camera", "movie-camera"],
    weight: SUBJECT,
    words: {
      en: ["camera", "vlog", "vlogging", "filming", "filmmaking", "photography"],
      es: ["camara", "vlog", "grabar", "fotografia"],
      fr: ["camera", "appareil photo", "vlog", "filmer", "photographie"],
      de: ["kamera", "vlog", "filmen", "fotografie"],
      zh: ["相机", "摄影", "拍摄", "vlog", "博主"],
      ja: ["カメラ", "撮影", "vlog", "写真", "ユーチューバー"],
    },
  },
  {
    ids: ["clapper-board", "popcorn", "movie-camera"],
    weight: SUBJECT,
    words: {
      en: ["movie", "film", "cinema", "trailer", "netflix"],
      es: ["pelicula", "cine"],
      fr: ["film", "cinema"],
      de: ["film", "kino"],
      zh: ["电影", "影评"],
      ja: ["映画"],
    },
  },
  {
    ids: ["test-tube", "microscope", "dna"],
    weight: SUBJECT,
    words: {
      en: ["science", "experiment", "chemistry", "physics", "biology", "lab"],
      es: ["ciencia", "experimento", "quimica", "fisica", "biologia"],
      fr: ["science", "chimie", "physique", "biologie"],
      de: ["wissenschaft", "experiment", "chemie", "physik", "biologie"],
      zh: ["科学", "实验", "化学", "物理", "生物"],
      ja: ["科学", "実験", "化学", "物理", "理科"],
    },
  },
  {
    ids: ["chart-increasing", "briefcase", "rocket"],
    weight: SUBJECT,
    words: {
      en: ["business", "startup", "entrepreneur", "stocks", "stock market", "marketing", "growth", "sales", "crypto", "bitcoin"],
      es: ["negocio", "empresa", "emprender", "emprendedor", "bolsa", "acciones", "marketing", "cripto"],
      fr: ["entreprise", "business", "startup", "entrepreneur", "bourse", "actions", "marketing", "crypto"],
      de: ["business", "firma", "unternehmen", "startup", "grunder", "aktien", "borse", "marketing", "krypto"],
      zh: ["创业", "生意", "股票", "股市", "商业", "营销", "加密货币", "比特币"],
      ja: ["ビジネス", "起業", "株", "株式", "マーケティング", "仮想通貨", "ビットコイン"],
    },
  },
  {
    // Platforms are where the video goes, rarely what it is about: they only fill a frame that has nothing better.
    ids: ["video-camera"],
    weight: MODIFIER,
    words: { en: ["youtube", "twitch"], es: ["youtube", "twitch"], fr: ["youtube", "twitch"], de: ["youtube", "twitch"], zh: ["youtube", "油管", "b站"], ja: ["youtube", "ユーチューブ"] },
  },
  {
    ids: ["mobile-phone"],
    weight: MODIFIER,
    words: { en: ["tiktok", "instagram"], es: ["tiktok", "instagram"], fr: ["tiktok", "instagram"], de: ["tiktok", "instagram"], zh: ["抖音", "小红书"], ja: ["tiktok", "インスタ"] },
  },
  {
    ids: ["rocket"],
    weight: MODIFIER,
    words: { en: ["launch", "boost", "skyrocket"], es: ["lanzamiento"], fr: ["lancement"], de: ["start"], zh: ["发布", "火箭"], ja: ["ロケット", "発売"] },
  },
];
