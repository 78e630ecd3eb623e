import type { FollowUp } from "./types.ts";

/**
 * The video's title, given after a first thumbnail: it goes to the current image as its title (setTitle), never into
 * the picture. Words that name the headline drawn in the picture ("the title is way too big", "标题改成黄色") stay
 * edits: the edit entries hold those.
 */
export const titleFollowUps: FollowUp[] = [
  { language: "en", area: "title", text: "the title is 'I tried 100 days of coding'", expect: { title: "I tried 100 days of coding" } },
  { language: "en", area: "title", text: "title: I tried 100 days of coding", expect: { title: "I tried 100 days of coding" } },
  { language: "en", area: "title", text: "video title I tried 100 days of coding (honest review)", expect: { title: "I tried 100 days of coding (honest review)" } },
  { language: "en", area: "title", text: "The video title is: How I learned to code in 100 days.", expect: { title: "How I learned to code in 100 days" } },
  { language: "en", area: "title", text: "my video is called \"100 Days of Code\"", expect: { title: "100 Days of Code" } },
  { language: "en", area: "title", text: "set the video title to I coded every day for 100 days", expect: { title: "I coded every day for 100 days" } },

  { language: "es", area: "title", text: "el título es \"Programé 100 días seguidos\"", expect: { title: "Programé 100 días seguidos" } },
  { language: "es", area: "title", text: "título: Programé 100 días seguidos", expect: { title: "Programé 100 días seguidos" } },
  { language: "es", area: "title", text: "el título del vídeo es Programé 100 días", expect: { title: "Programé 100 días" } },
  { language: "es", area: "title", text: "mi vídeo se llama «100 días programando»", expect: { title: "100 días programando" } },

  { language: "fr", area: "title", text: "le titre de la vidéo est « J'ai codé 100 jours »", expect: { title: "J'ai codé 100 jours" } },
  { language: "fr", area: "title", text: "titre de la vidéo : J'ai codé pendant 100 jours", expect: { title: "J'ai codé pendant 100 jours" } },
  { language: "fr", area: "title", text: "ma vidéo s'appelle « 100 jours de code »", expect: { title: "100 jours de code" } },

  { language: "de", area: "title", text: "der Titel ist „100 Tage programmiert“", expect: { title: "100 Tage programmiert" } },
  { language: "de", area: "title", text: "Titel: Ich habe 100 Tage programmiert", expect: { title: "Ich habe 100 Tage programmiert" } },
  { language: "de", area: "title", text: "Videotitel: 100 Tage Code", expect: { title: "100 Tage Code" } },
  { language: "de", area: "title", text: "mein Video heißt „100 Tage Code“", expect: { title: "100 Tage Code" } },

  { language: "zh", area: "title", text: "视频标题是「我用100天学会了编程」", expect: { title: "我用100天学会了编程" } },
  { language: "zh", area: "title", text: "视频标题：我用100天学会了编程", expect: { title: "我用100天学会了编程" } },
  { language: "zh", area: "title", text: "我的视频叫“100天编程挑战”", expect: { title: "100天编程挑战" } },

  { language: "ja", area: "title", text: "動画のタイトルは「100日間プログラミングしてみた」です", expect: { title: "100日間プログラミングしてみた" } },
  { language: "ja", area: "title", text: "タイトル：100日間プログラミングしてみた", expect: { title: "100日間プログラミングしてみた" } },
  { language: "ja", area: "title", text: "動画タイトルは「100日チャレンジ」", expect: { title: "100日チャレンジ" } },
];
