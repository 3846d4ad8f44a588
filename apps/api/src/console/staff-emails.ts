import type { Locale, StaffRole } from "@storefront/domain";

interface StaffEmailTexts {
  invitationSubject: string;
  invitationBody: string;
  resetSubject: string;
  resetBody: string;
  /** To an address invited by a partner that is already another partner's console account. */
  elsewhereSubject: string;
  elsewhereBody: string;
}

/**
 * The console's e-mails to staff, in every language of the interface. Placeholders: {name} (the
 * member), {partner} (the brand), {role}, {link} (the one-time link), {hours} (how long it lives).
 */
export const STAFF_EMAILS: Record<Locale, StaffEmailTexts> = {
  en: {
    invitationSubject: "Your access to the {partner} console",
    invitationBody:
      "Hello {name},\n\nYou have been invited to the {partner} console as {role}. Choose your password with this link (it works once, for {hours} hours):\n\n{link}\n\nThen sign in with this e-mail address and that password.",
    resetSubject: "A new password for the {partner} console",
    resetBody:
      "Hello {name},\n\nSomeone asked for a new password for your {partner} console account. Choose it with this link (it works once, for {hours} hour):\n\n{link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.",
    elsewhereSubject: "Your invitation to the {partner} console",
    elsewhereBody:
      "Hello {name},\n\n{partner} has invited you to its console as {role}. This e-mail address already has a console account of another brand, and one address signs in to one console only, so the invitation cannot be taken up with it. To work with {partner}, ask them to invite another address of yours.\n\nYour account has not changed. If you do not know what this is about, ignore this e-mail.",
  },
  ar: {
    invitationSubject: "صلاحية وصولك إلى لوحة تحكم {partner}",
    invitationBody:
      "مرحبًا {name}،\n\nتمت دعوتك إلى لوحة تحكم {partner} بصفة {role}. اختر كلمة المرور الخاصة بك عبر هذا الرابط (يعمل مرة واحدة فقط، لمدة {hours} ساعة):\n\n{link}\n\nثم سجّل الدخول بعنوان البريد الإلكتروني هذا وبكلمة المرور تلك.",
    resetSubject: "كلمة مرور جديدة للوحة تحكم {partner}",
    resetBody:
      "مرحبًا {name}،\n\nطلب أحدهم كلمة مرور جديدة لحسابك في لوحة تحكم {partner}. اخترها عبر هذا الرابط (يعمل مرة واحدة فقط، لمدة {hours} ساعة):\n\n{link}\n\nإذا لم تكن أنت من طلبها، فتجاهل هذه الرسالة: ستبقى كلمة المرور الخاصة بك كما هي.",
    elsewhereSubject: "دعوتك إلى لوحة تحكم {partner}",
    elsewhereBody:
      "مرحبًا {name}،\n\nدعتك {partner} إلى لوحة التحكم الخاصة بها بصفة {role}. لعنوان البريد الإلكتروني هذا حساب في لوحة تحكم علامة تجارية أخرى، ولا يُسجَّل الدخول بالعنوان الواحد إلا إلى لوحة تحكم واحدة، لذا لا يمكن قبول الدعوة بهذا العنوان. للعمل مع {partner}، اطلب منهم دعوة عنوان آخر لك.\n\nلم يتغيّر شيء في حسابك. إذا لم تكن تعرف سبب هذه الرسالة، فتجاهلها.",
  },
  bg: {
    invitationSubject: "Вашият достъп до конзолата на {partner}",
    invitationBody:
      "Здравейте, {name},\n\nПоканени сте в конзолата на {partner} като {role}. Изберете паролата си чрез този линк (може да се използва само веднъж, в рамките на {hours} часа):\n\n{link}\n\nСлед това влезте с този имейл адрес и тази парола.",
    resetSubject: "Нова парола за конзолата на {partner}",
    resetBody:
      "Здравейте, {name},\n\nНякой е поискал нова парола за профила ви в конзолата на {partner}. Изберете я чрез този линк (може да се използва само веднъж, в рамките на {hours} час):\n\n{link}\n\nАко не сте били вие, пренебрегнете този имейл: паролата ви остава същата.",
    elsewhereSubject: "Вашата покана за конзолата на {partner}",
    elsewhereBody:
      "Здравейте, {name},\n\n{partner} ви кани в своята конзола като {role}. Този имейл адрес вече има профил в конзолата на друга марка, а с един адрес се влиза само в една конзола, затова поканата не може да бъде приета с него. За да работите с {partner}, помолете ги да поканят друг ваш адрес.\n\nПрофилът ви не е променен. Ако не знаете за какво става дума, пренебрегнете този имейл.",
  },
  es: {
    invitationSubject: "Su acceso a la consola de {partner}",
    invitationBody:
      "Hola, {name}:\n\nSe le ha invitado a la consola de {partner} como {role}. Elija su contraseña con este enlace (funciona una sola vez, durante {hours} horas):\n\n{link}\n\nDespués, inicie sesión con esta dirección de correo electrónico y esa contraseña.",
    resetSubject: "Nueva contraseña para la consola de {partner}",
    resetBody:
      "Hola, {name}:\n\nAlguien ha solicitado una nueva contraseña para su cuenta de la consola de {partner}. Elíjala con este enlace (funciona una sola vez, durante {hours} hora):\n\n{link}\n\nSi no ha sido usted, ignore este correo electrónico: su contraseña seguirá siendo la misma.",
    elsewhereSubject: "Su invitación a la consola de {partner}",
    elsewhereBody:
      "Hola, {name}:\n\n{partner} le ha invitado a su consola como {role}. Esta dirección de correo electrónico ya tiene una cuenta en la consola de otra marca, y con una dirección solo se inicia sesión en una consola, así que la invitación no puede aceptarse con ella. Para trabajar con {partner}, pídales que inviten otra dirección suya.\n\nSu cuenta no ha cambiado. Si no sabe de qué se trata, ignore este correo electrónico.",
  },
  fr: {
    invitationSubject: "Votre accès à la console de {partner}",
    invitationBody:
      "Bonjour {name},\n\nVous avez reçu une invitation à la console de {partner} en tant que {role}. Choisissez votre mot de passe avec ce lien (il ne fonctionne qu’une fois, pendant {hours} heures) :\n\n{link}\n\nConnectez-vous ensuite avec cette adresse e-mail et ce mot de passe.",
    resetSubject: "Nouveau mot de passe pour la console de {partner}",
    resetBody:
      "Bonjour {name},\n\nQuelqu’un a demandé un nouveau mot de passe pour votre compte de la console de {partner}. Choisissez-le avec ce lien (il ne fonctionne qu’une fois, pendant {hours} heure) :\n\n{link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    elsewhereSubject: "Votre invitation à la console de {partner}",
    elsewhereBody:
      "Bonjour {name},\n\n{partner} vous a invité à sa console en tant que {role}. Cette adresse e-mail a déjà un compte dans la console d’une autre marque, et une adresse ne se connecte qu’à une seule console : l’invitation ne peut donc pas être acceptée avec elle. Pour travailler avec {partner}, demandez-leur d’inviter une autre de vos adresses.\n\nVotre compte n’a pas changé. Si vous ne savez pas de quoi il s’agit, ignorez cet e-mail.",
  },
  it: {
    invitationSubject: "Il tuo accesso alla console di {partner}",
    invitationBody:
      "Ciao {name},\n\nhai ricevuto un invito alla console di {partner} come {role}. Scegli la tua password con questo link (funziona una sola volta, per {hours} ore):\n\n{link}\n\nPoi accedi con questo indirizzo e-mail e quella password.",
    resetSubject: "Nuova password per la console di {partner}",
    resetBody:
      "Ciao {name},\n\nqualcuno ha chiesto una nuova password per il tuo account della console di {partner}. Sceglila con questo link (funziona una sola volta, per {hours} ora):\n\n{link}\n\nSe la richiesta non è partita da te, ignora questa e-mail: la tua password resta invariata.",
    elsewhereSubject: "Il tuo invito alla console di {partner}",
    elsewhereBody:
      "Ciao {name},\n\n{partner} ti ha invitato alla sua console come {role}. Questo indirizzo e-mail ha già un account nella console di un altro marchio e con un indirizzo si accede a una sola console, quindi l’invito non può essere accettato con questo indirizzo. Per lavorare con {partner}, chiedi di invitare un altro tuo indirizzo.\n\nIl tuo account non è cambiato. Se non sai di cosa si tratta, ignora questa e-mail.",
  },
  lv: {
    invitationSubject: "Jūsu piekļuve {partner} konsolei",
    invitationBody:
      "Labdien, {name}!\n\nJums ir uzaicinājums pievienoties {partner} konsolei ar lomu {role}. Izvēlieties paroli, izmantojot šo saiti (tā ir derīga vienu reizi, {hours} stundas):\n\n{link}\n\nPēc tam piesakieties ar šo e-pasta adresi un šo paroli.",
    resetSubject: "Jauna parole {partner} konsolei",
    resetBody:
      "Labdien, {name}!\n\nKāds ir pieprasījis jaunu paroli jūsu {partner} konsoles kontam. Izvēlieties to, izmantojot šo saiti (tā ir derīga vienu reizi, {hours} stundu):\n\n{link}\n\nJa šo pieprasījumu neveicāt jūs, neņemiet vērā šo e-pastu: jūsu parole paliek nemainīta.",
    elsewhereSubject: "Jūsu uzaicinājums uz {partner} konsoli",
    elsewhereBody:
      "Labdien, {name}!\n\n{partner} jūs ir uzaicinājis uz savu konsoli ar lomu {role}. Šai e-pasta adresei jau ir konts citas zīmola konsolē, un ar vienu adresi var pieteikties tikai vienā konsolē, tāpēc ar šo adresi uzaicinājumu nevar pieņemt. Lai strādātu ar {partner}, palūdziet uzaicināt kādu citu jūsu adresi.\n\nJūsu konts nav mainīts. Ja nezināt, par ko ir runa, neņemiet vērā šo e-pastu.",
  },
  mg: {
    invitationSubject: "Ny fidiranao ao amin'ny konsolin'ny {partner}",
    invitationBody:
      "Manao ahoana, {name},\n\nNasaina hiditra ao amin'ny konsolin'ny {partner} ianao amin'ny maha-{role} anao. Safidio ny teny miafinao amin'ity rohy ity (indray mandeha ihany no azo ampiasaina, ao anatin'ny {hours} ora):\n\n{link}\n\nAvy eo, midira amin'ity adiresy mailaka ity sy io teny miafina io.",
    resetSubject: "Teny miafina vaovao ho an'ny konsolin'ny {partner}",
    resetBody:
      "Manao ahoana, {name},\n\nNisy nangataka teny miafina vaovao ho an'ny kaontinao ao amin'ny konsolin'ny {partner}. Safidio izany amin'ity rohy ity (indray mandeha ihany no azo ampiasaina, ao anatin'ny {hours} ora):\n\n{link}\n\nRaha tsy ianao no nangataka izany, aza raharahiana ity mailaka ity: tsy miova ny teny miafinao.",
    elsewhereSubject: "Ny fanasana anao ho ao amin'ny konsolin'ny {partner}",
    elsewhereBody:
      "Manao ahoana, {name},\n\nNanasa anao ho ao amin'ny konsoliny ny {partner} amin'ny maha-{role} anao. Efa manana kaonty ao amin'ny konsolin'ny marika hafa ity adiresy mailaka ity, ary konsoly iray ihany no azo idirana amin'ny adiresy iray, ka tsy azo ekena amin'ity adiresy ity ny fanasana. Raha te hiara-miasa amin'ny {partner} ianao, angataho izy ireo hanasa adiresy hafa anao.\n\nTsy niova ny kaontinao. Raha tsy fantatrao izay resahina, aza raharahiana ity mailaka ity.",
  },
  pt: {
    invitationSubject: "O seu acesso à consola de {partner}",
    invitationBody:
      "Olá {name},\n\nRecebeu um convite para a consola de {partner} como {role}. Escolha a sua palavra-passe com esta ligação (funciona uma única vez, durante {hours} horas):\n\n{link}\n\nDepois, inicie sessão com este endereço de e-mail e essa palavra-passe.",
    resetSubject: "Nova palavra-passe para a consola de {partner}",
    resetBody:
      "Olá {name},\n\nAlguém pediu uma nova palavra-passe para a sua conta na consola de {partner}. Escolha-a com esta ligação (funciona uma única vez, durante {hours} hora):\n\n{link}\n\nSe não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se igual.",
    elsewhereSubject: "O seu convite para a consola de {partner}",
    elsewhereBody:
      "Olá {name},\n\nA {partner} convidou-o para a respetiva consola como {role}. Este endereço de e-mail já tem uma conta na consola de outra marca e cada endereço só inicia sessão numa consola, pelo que o convite não pode ser aceite com ele. Para trabalhar com a {partner}, peça-lhes que convidem outro endereço seu.\n\nA sua conta não foi alterada. Se não sabe do que se trata, ignore este e-mail.",
  },
  ru: {
    invitationSubject: "Ваш доступ к консоли {partner}",
    invitationBody:
      "Здравствуйте, {name}!\n\nВас пригласили в консоль {partner} с ролью «{role}». Выберите пароль по этой ссылке (она действует один раз, в течение {hours} часов):\n\n{link}\n\nЗатем войдите с этим адресом электронной почты и этим паролем.",
    resetSubject: "Новый пароль для консоли {partner}",
    resetBody:
      "Здравствуйте, {name}!\n\nКто-то запросил новый пароль для вашей учётной записи в консоли {partner}. Выберите его по этой ссылке (она действует один раз, в течение {hours} часа):\n\n{link}\n\nЕсли это были не вы, просто проигнорируйте это письмо: ваш пароль останется прежним.",
    elsewhereSubject: "Ваше приглашение в консоль {partner}",
    elsewhereBody:
      "Здравствуйте, {name}!\n\n{partner} приглашает вас в свою консоль с ролью «{role}». У этого адреса электронной почты уже есть учётная запись в консоли другого бренда, а с одним адресом можно входить только в одну консоль, поэтому принять приглашение с ним нельзя. Чтобы работать с {partner}, попросите пригласить другой ваш адрес.\n\nВаша учётная запись не изменилась. Если вы не понимаете, о чём речь, просто проигнорируйте это письмо.",
  },
  uk: {
    invitationSubject: "Ваш доступ до консолі {partner}",
    invitationBody:
      "Вітаємо, {name}!\n\nВас запросили до консолі {partner} з роллю «{role}». Виберіть пароль за цим посиланням (воно діє один раз, протягом {hours} годин):\n\n{link}\n\nПотім увійдіть за допомогою цієї адреси електронної пошти й цього пароля.",
    resetSubject: "Новий пароль для консолі {partner}",
    resetBody:
      "Вітаємо, {name}!\n\nХтось запросив новий пароль для вашого облікового запису в консолі {partner}. Виберіть його за цим посиланням (воно діє один раз, протягом {hours} години):\n\n{link}\n\nЯкщо це були не ви, просто проігноруйте цей лист: ваш пароль залишиться незмінним.",
    elsewhereSubject: "Ваше запрошення до консолі {partner}",
    elsewhereBody:
      "Вітаємо, {name}!\n\n{partner} запрошує вас до своєї консолі з роллю «{role}». Ця адреса електронної пошти вже має обліковий запис у консолі іншого бренду, а з однією адресою можна входити лише до однієї консолі, тож прийняти запрошення з нею не вийде. Щоб працювати з {partner}, попросіть запросити іншу вашу адресу.\n\nВаш обліковий запис не змінився. Якщо ви не розумієте, про що йдеться, просто проігноруйте цей лист.",
  },
};

/** The roles by name, as the console calls them (its catalogues' role.* texts). */
export const STAFF_ROLE_NAMES: Record<Locale, Record<StaffRole, string>> = {
  en: { OWNER: "Owner", MANAGER: "Manager", VENDOR_STAFF: "Vendor staff", DISPATCHER: "Dispatcher" },
  ar: { OWNER: "مالك", MANAGER: "مدير", VENDOR_STAFF: "موظف لدى البائع", DISPATCHER: "منسّق التوصيل" },
  bg: {
    OWNER: "Собственик",
    MANAGER: "Мениджър",
    VENDOR_STAFF: "Служител на търговеца",
    DISPATCHER: "Диспечер",
  },
  es: {
    OWNER: "Propietario",
    MANAGER: "Gerente",
    VENDOR_STAFF: "Personal del local",
    DISPATCHER: "Coordinador de reparto",
  },
  fr: {
    OWNER: "Propriétaire",
    MANAGER: "Responsable",
    VENDOR_STAFF: "Personnel de l’établissement",
    DISPATCHER: "Répartiteur",
  },
  it: {
    OWNER: "Titolare",
    MANAGER: "Manager",
    VENDOR_STAFF: "Personale del locale",
    DISPATCHER: "Operatore di centrale",
  },
  lv: {
    OWNER: "Īpašnieks",
    MANAGER: "Vadītājs",
    VENDOR_STAFF: "Uzņēmuma darbinieks",
    DISPATCHER: "Dispečers",
  },
  mg: {
    OWNER: "Tompony",
    MANAGER: "Mpitantana",
    VENDOR_STAFF: "Mpiasan'ny mpivarotra",
    DISPATCHER: "Mpandrindra",
  },
  pt: {
    OWNER: "Proprietário",
    MANAGER: "Gestor",
    VENDOR_STAFF: "Pessoal do estabelecimento",
    DISPATCHER: "Coordenador de entregas",
  },
  ru: {
    OWNER: "Владелец",
    MANAGER: "Менеджер",
    VENDOR_STAFF: "Сотрудник заведения",
    DISPATCHER: "Диспетчер",
  },
  uk: { OWNER: "Власник", MANAGER: "Менеджер", VENDOR_STAFF: "Працівник закладу", DISPATCHER: "Диспетчер" },
};

/** An e-mail's text with its placeholders filled. */
export function fillStaffEmail(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
