/**
 * Requests no chat tool may serve, whatever the wording: other people's data, credits out of thin air, deleting
 * things, rewriting the assistant's rules. Matched on normalizeText output (accents dropped, lower case). The tools
 * act only for the signed-in user anyway; this keeps the assistant from even pretending to try.
 */
const patterns: readonly RegExp[] = [
  // Rewriting the rules
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines|restrictions)\b/,
  /\b(system|developer) (prompt|message|mode)\b|\bjailbreak|\bdan mode\b|\byou are now\b|\bpretend (you are|to be)\b/,
  /\bact as (an? |the )?(admin|administrator|root|developer|system|moderator)\b|\b(sudo|admin|root) (mode|access|rights)\b/,
  /\bignora\b.{0,30}\b(instrucciones|reglas)\b|\bignore[sz]?\b.{0,30}\b(instructions|regles|consignes)\b|\bignorier.{0,40}\b(anweisungen|regeln)\b/,
  /忽略.{0,10}(指令|指示|规则|说明|提示)|无视.{0,10}(指令|规则)|(指示|ルール|命令|指令).{0,10}無視|無視して/,
  // Credits from nowhere
  /\b(give|grant|add|send|transfer|gift|set|top up|refill|load)\b.{0,40}\bcredits?\b/,
  /\b(free|unlimited|infinite|extra|bonus) credits?\b|\bcredits? (to|for) (me|my account|free)\b/,
  /\b(dame|regalame|anade|agrega|suma|transfiere|pon)\b.{0,40}\bcreditos?\b|\bcreditos? (gratis|infinitos|ilimitados)\b/,
  /\b(donne|offre|ajoute|rajoute|transfere|mets)\b.{0,40}\bcredits?\b|\bcredits? (gratuits|illimites|infinis|gratos)\b/,
  /\b(gib|schenk|schreib|uberweise|lade)\b.{0,40}\b(credits?|guthaben)\b|\b(kostenlose|unbegrenzte|gratis|unendlich) (credits|guthaben)\b/,
  /(给我|加|送|充|转|增加).{0,12}(积分|额度|点数)|(无限|免费).{0,3}(积分|额度|点数)/,
  /(クレジット|ポイント).{0,12}(ください|付与|追加|増やして|頂戴|ちょうだい|くれ|送って)|(無料|無制限|無限).{0,3}(クレジット|ポイント)/,
  // Destroying or reaching other people's things
  /\b(delete|wipe|erase|drop|destroy|purge|nuke)\b.{0,40}\b(images|pictures|gallery|accounts?|users?|database|tables?|personas|everything|all|files|conversations)\b/,
  /\bremove\b.{0,30}\b(users?|accounts?|database|everyone|all images|gallery)\b/,
  /\b(borra|elimina|suprime|destruye)\b.{0,40}\b(imagenes|galeria|cuentas?|usuarios?|base de datos|todo|todas)\b/,
  /\b(supprime|efface|detruis|vide)\b.{0,40}\b(images|galerie|comptes?|utilisateurs?|base de donnees|tout|toutes)\b/,
  /\b(losche|losch|entferne alle|vernichte)\b.{0,40}\b(bilder|galerie|konten?|konto|benutzer|nutzer|datenbank|alles|alle)\b/,
  /(删除|删掉|清空|销毁).{0,12}(图片|图像|图库|账号|账户|用户|所有|全部|数据库)|(所有|全部)(的)?(图片|图像|账号|用户).{0,8}(删|清空)/,
  /(画像|ギャラリー|アカウント|ユーザー|全部|すべて|全て|データベース).{0,12}(削除|消して|消去)|(削除|消去)して/,
  /\b(user|usuario|utilisateur|benutzer|nutzer)\s*(#|no\.?|id)?\s*\d+|\b(other|another|someone else'?s?|everyone'?s?|all) users?\b/,
  /\botros usuarios\b|\bautres utilisateurs\b|\bandere(n|r)? (benutzer|nutzer)\b|用户\s*\d+|其他用户|别人的|ユーザー\s*\d+|他のユーザー|他人の/,
  // Secrets and injection
  /\b(show|give|tell|reveal|print|send|leak|dump|what is|what are|muestra|dame|dime|revela|montre|donne|dis|revele|zeig|gib|verrat|nenn)\b.{0,30}\b(api[ -]?keys?|passwords?|secrets?|access tokens?|session tokens?|env(ironment)? variables?|\.env|contrasenas?|mots? de passe|passworter|passwort|api-schlussel|cle api)\b/,
  /(给我|告诉我|显示|发给我|泄露).{0,10}(密码|密钥|令牌)|(パスワード|APIキー|api ?キー|トークン).{0,8}(教えて|見せて|表示|送って)|システムプロンプト|系统提示|(我是|作为|扮演|以).{0,4}管理员|管理者(として|権限|モード)/,
  /\bdrop table\b|\bselect \* from\b|<script|\bunion select\b|\brm -rf\b/,
  // Naming tools or functions to run: the assistant picks its own tools, and only the chat's.
  /\b(call|invoke|execute|run|trigger)\b.{0,30}\b(tools?|functions?|commands?|scripts?)\b|\b(grant|add|set|give|transfer)_?credits?\b|\b(delete|drop|remove|wipe)_?(images?|users?|all|gallery)[a-z]*\b|\brun_?sql\b/,
];

/** Whether a message asks for something outside the chat's tools: answered with a refusal, never a tool. */
export function looksLikeManipulation(normalized: string): boolean {
  return patterns.some((pattern) => pattern.test(normalized));
}
