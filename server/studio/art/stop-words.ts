/**
 * Words never chosen on their own: grammar, and the words every video title uses ("best", "video", "how", "day")
 * that would otherwise match a CLDR tag ("new" → NEW button, "top" → top hat, "day" → sun). Latin words are listed
 * folded (see fold.ts); a CJK word here is never matched as a keyword.
 */
const LATIN = {
  en: `a an the and or but of to in on at by for from with without about into over under vs versus than then so
    is are was were be been being am do does did done have has had will would can could should must may might
    i me my mine we us our you your he him his she her it its they them their this that these those there here
    what which who whom whose why how when where not no yes very really just only even also too more most less
    all any some every each other another such own same much many few lot lots s t ll ve re d m
    best top worst new old first second third last next big small huge tiny good bad great real ultimate perfect easy hard
    simple quick fast slow full free secret secrets guide tips tip tricks trick hack hacks tutorial review
    video videos episode part live stream shorts short reel channel subscribe thumbnail title
    day days week weeks month months year years time times today tonight hour hours minute minutes second
    life way ways thing things stuff everything nothing something someone everyone people person man woman guy
    tried try trying made make making get got getting go going went see saw watch watched look looking
    need want know think never ever always still again until after before why inside outside vs
    beginner beginners pro pros level natural idea ideas challenge challenges honest truth story test tested testing`,
  es: `el la los las un una unos unas y o u de del al a en con sin por para sobre entre que qué quien como cómo
    cuando donde por porque pero mas más menos muy ya no si sí es son fue ser estar esta este esto estos estas
    ese esa eso mi mis tu tus su sus nuestro nuestra yo tu te me se lo le les nos hay todo toda todos todas
    mejor mejores peor nuevo nueva nuevos gran grande pequeno rapido facil dificil primera primer primero segundo ultimo
    video videos capitulo parte directo canal dia dias semana semanas mes meses ano anos hora horas vez veces
    vida cosa cosas forma manera secreto secretos guia truco trucos consejos tutorial probe probando intente hice
    hacer hago ver mira nunca siempre todavia reto verdad historia poco mucho muchos nada algo natural idea ideas
    dice dicen hace tiene tienen puede quiere sabe va voy`,
  fr: `le la les l un une des du de d et ou a au aux en dans sur sous avec sans pour par que qu qui quoi comment
    quand ou pourquoi mais plus moins tres deja ne pas non oui est sont ete etre c ce cet cette ces ca
    mon ma mes ton ta tes son sa ses notre nos votre vos je j me m tu te t il elle on nous vous ils elles se s y
    meilleur meilleure meilleurs meilleures pire nouveau nouvelle nouveaux grand grande petit petite rapide
    facile simple premier premiere deuxieme dernier video videos episode partie direct chaine jour jours semaine
    semaines mois an ans annee annees heure heures fois vie chose choses truc trucs astuce astuces guide secret
    secrets tutoriel essaye teste fait faire voir regarde jamais toujours encore defi verite histoire idee idees`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber in im ins an am auf aus bei mit
    ohne fur von vom zu zum zur uber unter nach vor gegen als wie was wer wo wann warum ist sind war waren sein
    bin bist hat haben hatte wird werden kann konnen muss nicht kein keine ja nein sehr schon noch nur auch
    mehr weniger ich mich mir mein meine meinen meinem meiner du dich dir dein deine er sie es wir uns unser
    unsere ihr euer man dies diese dieser dieses so
    beste besten bester bestes schlechteste neu neue neuen neuer gross grosse groesste klein kleine schnell
    einfach erste ersten erstes erster zweite letzte video videos folge teil kanal tag tage tagen woche wochen monat monate
    jahr jahre jahren stunde stunden mal leben ding dinge sache sachen geheimnis geheimnisse tipps tipp tricks
    anleitung ausprobiert getestet test gemacht machen sehen schau nie immer wieder challenge wahrheit geschichte idee ideen`,
} as const;

// Chinese and Japanese words that every title uses; single characters are kept out by the index itself.
const CJK = `视频 影片 動画 最好 最佳 最强 最強 我的 你的 一天 每天 天 日 今日 今天 方法 教程 攻略 挑战 挑戦 真相 秘密
  やり方 ベスト 最高 最新 新作 初心者 入門 日間 毎日 本当 解説 紹介 まとめ ランキング 比較 一番 人 私 僕 俺 自分
  全部 全て 世界 第一 第一天 时间 時間 生活 人生 东西 もの こと 的 了 吗 嗎 か を に は が で と の から まで`;

const wordsOf = (list: string) => new Set(list.split(/\s+/u).filter(Boolean));
const byLang: Record<keyof typeof LATIN, ReadonlySet<string>> = {
  en: wordsOf(LATIN.en),
  es: wordsOf(LATIN.es),
  fr: wordsOf(LATIN.fr),
  de: wordsOf(LATIN.de),
};
const latin = new Set(Object.values(byLang).flatMap((words) => [...words]));
const cjk = wordsOf(CJK);

/** Whether a folded Latin word, or a CJK word, may never be chosen as a keyword on its own. */
export function isStopWord(folded: string): boolean {
  return latin.has(folded) || cjk.has(folded);
}

/** The stop words of each Latin-script language, to tell which language a prompt is in. */
export function stopWordsOf(lang: keyof typeof LATIN): ReadonlySet<string> {
  return byLang[lang];
}
