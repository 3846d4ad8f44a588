import type { Locale, StaffRole } from "@storefront/domain";

interface StaffEmailTexts {
  invitationSubject: string;
  invitationBody: string;
  resetSubject: string;
  resetBody: string;
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
  },
  ar: {
    invitationSubject: "صلاحية وصولك إلى لوحة تحكم {partner}",
    invitationBody:
      "مرحبًا {name}،\n\nتمت دعوتك إلى لوحة تحكم {partner} بصفة {role}. اختر كلمة المرور الخاصة بك عبر هذا الرابط (يعمل مرة واحدة فقط، لمدة {hours} ساعة):\n\n{link}\n\nثم سجّل الدخول بعنوان البريد الإلكتروني هذا وبكلمة المرور تلك.",
    resetSubject: "كلمة مرور جديدة للوحة تحكم {partner}",
    resetBody:
      "مرحبًا {name}،\n\nطلب أحدهم كلمة مرور جديدة لحسابك في لوحة تحكم {partner}. اخترها عبر هذا الرابط (يعمل مرة واحدة فقط، لمدة {hours} ساعة):\n\n{link}\n\nإذا لم تكن أنت من طلبها، فتجاهل هذه الرسالة: ستبقى كلمة المرور الخاصة بك كما هي.",
  },
  bg: {
    invitationSubject: "Вашият достъп до конзолата на {partner}",
    invitationBody:
      "Здравейте, {name},\n\nПоканени сте в конзолата на {partner} като {role}. Изберете паролата си чрез този линк (може да се използва само веднъж, в рамките на {hours} часа):\n\n{link}\n\nСлед това влезте с този имейл адрес и тази парола.",
    resetSubject: "Нова парола за конзолата на {partner}",
    resetBody:
      "Здравейте, {name},\n\nНякой е поискал нова парола за профила ви в конзолата на {partner}. Изберете я чрез този линк (може да се използва само веднъж, в рамките на {hours} час):\n\n{link}\n\nАко не сте били вие, пренебрегнете този имейл: паролата ви остава същата.",
  },
  es: {
    invitationSubject: "Su acceso a la consola de {partner}",
    invitationBody:
      "Hola, {name}:\n\nSe le ha invitado a la consola de {partner} como {role}. Elija su contraseña con este enlace (funciona una sola vez, durante {hours} horas):\n\n{link}\n\nDespués, inicie sesión con esta dirección de correo electrónico y esa contraseña.",
    resetSubject: "Nueva contraseña para la consola de {partner}",
    resetBody:
      "Hola, {name}:\n\nAlguien ha solicitado una nueva contraseña para su cuenta de la consola de {partner}. Elíjala con este enlace (funciona una sola vez, durante {hours} hora):\n\n{link}\n\nSi no ha sido usted, ignore este correo electrónico: su contraseña seguirá siendo la misma.",
  },
  fr: {
    invitationSubject: "Votre accès à la console de {partner}",
    invitationBody:
      "Bonjour {name},\n\nVous avez reçu une invitation à la console de {partner} en tant que {role}. Choisissez votre mot de passe avec ce lien (il ne fonctionne qu’une fois, pendant {hours} heures) :\n\n{link}\n\nConnectez-vous ensuite avec cette adresse e-mail et ce mot de passe.",
    resetSubject: "Nouveau mot de passe pour la console de {partner}",
    resetBody:
      "Bonjour {name},\n\nQuelqu’un a demandé un nouveau mot de passe pour votre compte de la console de {partner}. Choisissez-le avec ce lien (il ne fonctionne qu’une fois, pendant {hours} heure) :\n\n{link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  it: {
    invitationSubject: "Il tuo accesso alla console di {partner}",
    invitationBody:
      "Ciao {name},\n\nhai ricevuto un invito alla console di {partner} come {role}. Scegli la tua password con questo link (funziona una sola volta, per {hours} ore):\n\n{link}\n\nPoi accedi con questo indirizzo e-mail e quella password.",
    resetSubject: "Nuova password per la console di {partner}",
    resetBody:
      "Ciao {name},\n\nqualcuno ha chiesto una nuova password per il tuo account della console di {partner}. Sceglila con questo link (funziona una sola volta, per {hours} ora):\n\n{link}\n\nSe la richiesta non è partita da te, ignora questa e-mail: la tua password resta invariata.",
  },
  lv: {
    invitationSubject: "Jūsu piekļuve {partner} konsolei",
    invitationBody:
      "Labdien, {name}!\n\nJums ir uzaicinājums pievienoties {partner} konsolei ar lomu {role}. Izvēlieties paroli, izmantojot šo saiti (tā ir derīga vienu reizi, {hours} stundas):\n\n{link}\n\nPēc tam piesakieties ar šo e-pasta adresi un šo paroli.",
    resetSubject: "Jauna parole {partner} konsolei",
    resetBody:
      "Labdien, {name}!\n\nKāds ir pieprasījis jaunu paroli jūsu {partner} konsoles kontam. Izvēlieties to, izmantojot šo saiti (tā ir derīga vienu reizi, {hours} stundu):\n\n{link}\n\nJa šo pieprasījumu neveicāt jūs, neņemiet vērā šo e-pastu: jūsu parole paliek nemainīta.",
  },
  mg: {
    invitationSubject: "Ny fidiranao ao amin'ny konsolin'ny {partner}",
    invitationBody:
      "Manao ahoana, {name},\n\nNasaina hiditra ao amin'ny konsolin'ny {partner} ianao amin'ny maha-{role} anao. Safidio ny teny miafinao amin'ity rohy ity (indray mandeha ihany no azo ampiasaina, ao anatin'ny {hours} ora):\n\n{link}\n\nAvy eo, midira amin'ity adiresy mailaka ity sy io teny miafina io.",
    resetSubject: "Teny miafina vaovao ho an'ny konsolin'ny {partner}",
    resetBody:
      "Manao ahoana, {name},\n\nNisy nangataka teny miafina vaovao ho an'ny kaontinao ao amin'ny konsolin'ny {partner}. Safidio izany amin'ity rohy ity (indray mandeha ihany no azo ampiasaina, ao anatin'ny {hours} ora):\n\n{link}\n\nRaha tsy ianao no nangataka izany, aza raharahiana ity mailaka ity: tsy miova ny teny miafinao.",
  },
  pt: {
    invitationSubject: "O seu acesso à consola de {partner}",
    invitationBody:
      "Olá {name},\n\nRecebeu um convite para a consola de {partner} como {role}. Escolha a sua palavra-passe com esta ligação (funciona uma única vez, durante {hours} horas):\n\n{link}\n\nDepois, inicie sessão com este endereço de e-mail e essa palavra-passe.",
    resetSubject: "Nova palavra-passe para a consola de {partner}",
    resetBody:
      "Olá {name},\n\nAlguém pediu uma nova palavra-passe para a sua conta na consola de {partner}. Escolha-a com esta ligação (funciona uma única vez, durante {hours} hora):\n\n{link}\n\nSe não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se igual.",
  },
  ru: {
    invitationSubject: "Ваш доступ к консоли {partner}",
    invitationBody:
      "Здравствуйте, {name}!\n\nВас пригласили в консоль {partner} с ролью «{role}». Выберите пароль по этой ссылке (она действует один раз, в течение {hours} часов):\n\n{link}\n\nЗатем войдите с этим адресом электронной почты и этим паролем.",
    resetSubject: "Новый пароль для консоли {partner}",
    resetBody:
      "Здравствуйте, {name}!\n\nКто-то запросил новый пароль для вашей учётной записи в консоли {partner}. Выберите его по этой ссылке (она действует один раз, в течение {hours} часа):\n\n{link}\n\nЕсли это были не вы, просто проигнорируйте это письмо: ваш пароль останется прежним.",
  },
  uk: {
    invitationSubject: "Ваш доступ до консолі {partner}",
    invitationBody:
      "Вітаємо, {name}!\n\nВас запросили до консолі {partner} з роллю «{role}». Виберіть пароль за цим посиланням (воно діє один раз, протягом {hours} годин):\n\n{link}\n\nПотім увійдіть за допомогою цієї адреси електронної пошти й цього пароля.",
    resetSubject: "Новий пароль для консолі {partner}",
    resetBody:
      "Вітаємо, {name}!\n\nХтось запросив новий пароль для вашого облікового запису в консолі {partner}. Виберіть його за цим посиланням (воно діє один раз, протягом {hours} години):\n\n{link}\n\nЯкщо це були не ви, просто проігноруйте цей лист: ваш пароль залишиться незмінним.",
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
