import type { Lang } from "./catalogue.ts";

/**
 * Video titles as creators write them, at least ten per language, each with the objects a thumbnail for it could show
 * (icon ids, any of them is right). The picker's first choice is held to this table by pick-art.test.ts.
 */
export interface PromptCase {
  lang: Lang;
  prompt: string;
  accept: readonly string[];
}

const GAMING = ["video-game", "joystick", "desktop-computer"];
const COOKING = ["cooking", "pot-of-food", "shallow-pan-of-food", "cook"];
const CODING = ["laptop", "desktop-computer", "technologist"];
const MONEY = ["money-bag", "dollar-banknote", "euro-banknote", "yen-banknote", "coin", "money-with-wings", "chart-increasing"];
const FITNESS = ["person-lifting-weights", "flexed-biceps"];
const TRAVEL = ["airplane", "luggage", "world-map", "map-of-japan", "globe-showing-europe-africa", "globe-showing-americas", "globe-showing-asia-australia"];
const PHONE = ["mobile-phone"];
const CAR = ["automobile", "racing-car", "sport-utility-vehicle"];
const DOG = ["dog-face", "dog", "service-dog", "guide-dog"];
const CAT = ["cat-face", "cat", "black-cat"];
const REACTION = ["face-screaming-in-fear", "exploding-head", "astonished-face", "grimacing-face", "flushed-face", "face-with-open-mouth"];

export const promptTable: readonly PromptCase[] = [
  { lang: "en", prompt: "best budget gaming setup under $500", accept: GAMING },
  { lang: "en", prompt: "grandma's secret recipe", accept: COOKING },
  { lang: "en", prompt: "The future of AI is scarier than you think", accept: ["robot"] },
  { lang: "en", prompt: "I tried 100 days of coding", accept: CODING },
  { lang: "en", prompt: "How I made my first $10,000 on YouTube", accept: MONEY },
  { lang: "en", prompt: "iPhone 16 Pro review: is it worth it?", accept: PHONE },
  { lang: "en", prompt: "Full body workout at home, no equipment", accept: FITNESS },
  { lang: "en", prompt: "Tokyo travel guide for first timers", accept: [...TRAVEL, "tokyo-tower"] },
  { lang: "en", prompt: "Reacting to my old cringe videos", accept: REACTION },
  { lang: "en", prompt: "I bought the cheapest electric car in America", accept: CAR },

  { lang: "es", prompt: "Mi setup gamer por menos de 500 euros", accept: GAMING },
  { lang: "es", prompt: "La receta secreta de mi abuela: tortilla de patatas", accept: [...COOKING, "potato"] },
  { lang: "es", prompt: "Cómo ganar dinero con inteligencia artificial", accept: [...MONEY, "robot"] },
  { lang: "es", prompt: "Rutina de gimnasio para principiantes", accept: FITNESS },
  { lang: "es", prompt: "Viaje a Japón con poco presupuesto", accept: TRAVEL },
  { lang: "es", prompt: "Probé el nuevo iPhone durante una semana", accept: PHONE },
  { lang: "es", prompt: "Aprende a programar en Python desde cero", accept: [...CODING, "snake"] },
  { lang: "es", prompt: "Mi perro reacciona a la comida humana", accept: DOG },
  { lang: "es", prompt: "Maquillaje natural en 5 minutos", accept: ["lipstick", "nail-polish"] },
  { lang: "es", prompt: "El coche más barato de España", accept: CAR },

  { lang: "fr", prompt: "J'ai testé les recettes les plus virales de TikTok", accept: COOKING },
  { lang: "fr", prompt: "Mon setup gaming à moins de 1000€", accept: GAMING },
  { lang: "fr", prompt: "L'intelligence artificielle va-t-elle remplacer les développeurs ?", accept: ["robot", ...CODING] },
  { lang: "fr", prompt: "Comment économiser de l'argent chaque mois", accept: MONEY },
  { lang: "fr", prompt: "Programme musculation complet pour débutant", accept: FITNESS },
  { lang: "fr", prompt: "Road trip en Islande : tout ce qu'il faut savoir", accept: [...TRAVEL, ...CAR, "snow-capped-mountain", "volcano"] },
  { lang: "fr", prompt: "Mon chat déteste le lundi", accept: CAT },
  { lang: "fr", prompt: "Je teste le nouveau MacBook Pro", accept: ["laptop"] },
  { lang: "fr", prompt: "Les meilleurs films de l'année 2025", accept: ["clapper-board", "movie-camera", "film-frames", "popcorn", "cinema"] },
  { lang: "fr", prompt: "Apprendre la guitare en 30 jours", accept: ["guitar"] },

  { lang: "de", prompt: "Mein Gaming-Setup für unter 500 Euro", accept: GAMING },
  { lang: "de", prompt: "Omas geheimes Rezept für Apfelkuchen", accept: [...COOKING, "pie", "shortcake", "red-apple", "green-apple"] },
  { lang: "de", prompt: "Wird KI unsere Jobs ersetzen?", accept: ["robot"] },
  { lang: "de", prompt: "Passives Einkommen: So verdiene ich Geld im Schlaf", accept: MONEY },
  { lang: "de", prompt: "Mein Trainingsplan fürs Fitnessstudio", accept: FITNESS },
  { lang: "de", prompt: "Die schönsten Reiseziele in Italien", accept: TRAVEL },
  { lang: "de", prompt: "Ich habe das billigste Handy der Welt gekauft", accept: PHONE },
  { lang: "de", prompt: "Programmieren lernen für Anfänger", accept: CODING },
  { lang: "de", prompt: "Unser Hund im ersten Urlaub", accept: DOG },
  { lang: "de", prompt: "Ich habe mein Auto komplett umgebaut", accept: CAR },

  { lang: "zh", prompt: "五千元打造最强游戏电脑", accept: GAMING },
  { lang: "zh", prompt: "奶奶的私房菜谱：红烧肉", accept: [...COOKING, "cut-of-meat", "meat-on-bone"] },
  { lang: "zh", prompt: "人工智能会取代程序员吗？", accept: ["robot", ...CODING] },
  { lang: "zh", prompt: "我是如何靠副业月入一万的", accept: MONEY },
  { lang: "zh", prompt: "30天健身挑战，我的身材变化", accept: FITNESS },
  { lang: "zh", prompt: "日本东京自由行攻略", accept: [...TRAVEL, "tokyo-tower"] },
  { lang: "zh", prompt: "iPhone 16 深度评测", accept: PHONE },
  { lang: "zh", prompt: "零基础学编程：第一天", accept: CODING },
  { lang: "zh", prompt: "我家猫咪的一天", accept: CAT },
  { lang: "zh", prompt: "试驾全网最便宜的新能源汽车", accept: CAR },

  { lang: "ja", prompt: "10万円で最強のゲーミングPCを組んでみた", accept: GAMING },
  { lang: "ja", prompt: "おばあちゃんの秘伝レシピ：肉じゃが", accept: COOKING },
  { lang: "ja", prompt: "AIに仕事を奪われる日", accept: ["robot"] },
  { lang: "ja", prompt: "副業で月10万円稼ぐ方法", accept: MONEY },
  { lang: "ja", prompt: "1ヶ月筋トレを続けた結果", accept: FITNESS },
  { lang: "ja", prompt: "初めての京都一人旅Vlog", accept: [...TRAVEL, "shinto-shrine", "camera", "video-camera"] },
  { lang: "ja", prompt: "新しいiPhoneを1週間使ってみた", accept: PHONE },
  { lang: "ja", prompt: "プログラミング初心者がアプリを作ってみた", accept: [...CODING, "mobile-phone"] },
  { lang: "ja", prompt: "うちの猫が可愛すぎる", accept: CAT },
  { lang: "ja", prompt: "人気ラーメン店を食べ歩き", accept: ["steaming-bowl"] },

  // Written after the picker was first measured on the sixty above, as a check on titles it had not seen.
  { lang: "en", prompt: "I ate only McDonald's for 30 days", accept: ["hamburger", "french-fries"] },
  { lang: "en", prompt: "Building a PC for my little brother", accept: ["desktop-computer"] },
  { lang: "en", prompt: "We adopted a rescue cat!", accept: ["cat", "cat-face"] },
  { lang: "en", prompt: "Why every beginner should learn Python", accept: ["laptop", "snake", "desktop-computer", "technologist"] },
  { lang: "en", prompt: "I spent 24 hours in the world's biggest Lego store", accept: ["shopping-cart", "teddy-bear", "puzzle-piece", "department-store", "shopping-bags", "building-construction"] },
  { lang: "en", prompt: "Testing viral kitchen gadgets", accept: ["cooking", "pot-of-food", "shallow-pan-of-food"] },
  { lang: "en", prompt: "My 5am morning routine", accept: ["alarm-clock", "sunrise", "hot-beverage", "sun"] },
  { lang: "en", prompt: "Minecraft but every block is TNT", accept: ["video-game", "joystick", "bomb", "firecracker"] },
  { lang: "en", prompt: "Learning to surf in Bali", accept: ["person-surfing", "water-wave", "beach-with-umbrella"] },
  { lang: "en", prompt: "The truth about crypto", accept: ["coin", "chart-increasing", "money-bag"] },
  { lang: "es", prompt: "Mi primera maratón", accept: ["person-running", "running-shoe", "sports-medal"] },
  { lang: "es", prompt: "Pizza casera en 10 minutos", accept: ["pizza"] },
  { lang: "es", prompt: "Cómo aprobar cualquier examen", accept: ["books", "graduation-cap", "school", "memo", "pencil"] },
  { lang: "es", prompt: "Compré el portátil más barato de Amazon", accept: ["laptop"] },
  { lang: "es", prompt: "Mi gato odia el agua", accept: ["cat", "cat-face"] },
  { lang: "fr", prompt: "J'ai mangé que des pâtes pendant une semaine", accept: ["spaghetti"] },
  { lang: "fr", prompt: "Ma nouvelle voiture électrique", accept: ["automobile", "racing-car"] },
  { lang: "fr", prompt: "Comment j'ai perdu 10 kilos", accept: ["person-lifting-weights", "flexed-biceps", "balance-scale", "person-running"] },
  { lang: "fr", prompt: "Le meilleur croissant de Paris", accept: ["croissant"] },
  { lang: "fr", prompt: "Je construis ma maison tout seul", accept: ["house", "house-with-garden", "building-construction", "hammer"] },
  { lang: "de", prompt: "Mein erstes Mal Skifahren", accept: ["skier", "skis"] },
  { lang: "de", prompt: "Das beste Bier Deutschlands", accept: ["beer-mug", "clinking-beer-mugs"] },
  { lang: "de", prompt: "Ich habe ein Jahr lang kein Handy benutzt", accept: ["mobile-phone", "no-mobile-phones"] },
  { lang: "de", prompt: "So spare ich 1000 Euro im Monat", accept: ["money-bag", "coin", "euro-banknote"] },
  { lang: "de", prompt: "Mein Hund kann sprechen!", accept: ["dog", "dog-face"] },
  { lang: "zh", prompt: "我花了一万块买了一台相机", accept: ["camera", "camera-with-flash", "money-bag"] },
  { lang: "zh", prompt: "在家做寿司", accept: ["sushi", "cooking"] },
  { lang: "zh", prompt: "我的第一辆车", accept: ["automobile", "racing-car"] },
  { lang: "zh", prompt: "一个人去西藏旅行", accept: ["airplane", "luggage", "world-map", "snow-capped-mountain"] },
  { lang: "zh", prompt: "程序员的一天", accept: ["laptop", "technologist", "desktop-computer"] },
  { lang: "ja", prompt: "東京の最強コスパ寿司", accept: ["sushi"] },
  { lang: "ja", prompt: "初めてのキャンプで大失敗", accept: ["camping", "tent"] },
  { lang: "ja", prompt: "愛犬とお散歩Vlog", accept: ["dog", "dog-face"] },
  { lang: "ja", prompt: "ゲーム実況：ホラーゲームに挑戦", accept: ["video-game", "joystick"] },
  { lang: "ja", prompt: "給料日にやること5選", accept: ["money-bag", "dollar-banknote", "yen-banknote", "coin"] },
];
