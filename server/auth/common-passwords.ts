// The most common leaked passwords of 8+ characters (shorter ones fail the length rule anyway), drawn from public
// breach-frequency lists (SecLists "10k most common", NCSC top 100k head). OWASP ASVS 2.1.7 asks that these be
// refused; composition rules are deliberately absent (ASVS 2.1.9). Compared lower-cased.
const list = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd passwort
12345678 123456789 1234567890 12345678910 123123123 123456123 1234512345 11111111 111111111 1111111111
00000000 000000000 0000000000 22222222 33333333 55555555 66666666 77777777 88888888 99999999 12341234
87654321 987654321 9876543210 11223344 12121212 13131313 14141414 98765432 123qweasd 1q2w3e4r 1q2w3e4r5t
1qaz2wsx 1qaz2wsx3edc qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 qwertyu1 qwerasdf qazwsxedc
zaq12wsx zxcvbnm1 zxcvbnm123 asdfghjk asdfghjkl asdf1234 abcd1234 abc12345 abcdefg1 abcdefgh a1b2c3d4
iloveyou iloveyou1 iloveyou2 princess princess1 sunshine sunshine1 football football1 baseball basketball
superman batman123 starwars welcome1 welcome123 whatever trustno1 letmein1 letmein123 monkey123 dragon123
master123 michelle jennifer jessica1 jordan23 computer internet mercedes corvette ferrari1 mustang1
charlie1 liverpool chelsea1 arsenal1 manchester barcelona 1234qwer qwer1234 changeme changeme1 default1
administrator admin123 admin1234 adminadmin root1234 toor1234 secret123 test1234 testtest testing123 guest123
football123 soccer123 hockey123 summer2024 summer2025 winter2024 winter2025 spring2025 autumn2025 october2025
thumbforge thumbforge1 thumbforge123 creator123 youtube123 youtuber instagram tiktok123 facebook1 google123
lovelove loveme123 babygirl babygirl1 sweetheart beautiful butterfly chocolate cookie123 pokemon1 pokemon123
naruto123 minecraft fortnite1 roblox123 superstar rockstar1 blink182 metallica linkinpark nirvana1
aaaaaaaa aaaaaaaaa qqqqqqqq zzzzzzzz asdasdasd qweqweqwe zxczxczxc azertyui azerty123 qwertz123 motdepasse
contraseña contrasena passwort1 kennwort1 passe123 senha123 wachtwoord woaini1314 5201314520 a123456789
q1w2e3r4 q1w2e3r4t5 1a2b3c4d 7777777a 123abc123 abc123abc 123456abc 12345abc qwe12345 12345qwe 123456qwe
michael1 jonathan samantha victoria alexander christopher elizabeth jonathan1 danielle1 nicholas1 thomas123
access14 hello123 hello1234 helloworld hellokitty freedom1 shadow123 maverick matrix123 phoenix1 scooter1
unknown1 nothing1 something anything forever1 midnight1 blessed1 jesus123 jesuschrist godisgood
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
