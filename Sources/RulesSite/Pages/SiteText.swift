/// The pages' own words (headings, labels) in the languages the pages are offered in; the
/// catalog's texts come from the catalog, in the language `rules eval --locale` gives.
package struct SiteText: Sendable {
  package var milestones = "Milestones"
  package var badges = "Badges"
  package var quotes = "Quotes"
  package var messages = "Messages"
  package var streaks = "Streaks"
  package var metrics = "Metrics"
  package var language = "Language"
  package var day = "Day"
  package var always = "always"
  package var criterion = "When"
  package var group = "Group"
  package var locked = "locked"
  package var unlocked = "unlocked"
  package var waiting = "waiting"
  /// Before a badge's prerequisites (`requires`).
  package var requires = "Requires"
  package var reached = "reached"
  package var today = "today"
  package var newUser = "States as a new user sees them on"
  package var sites = "All pages"
  package var users = "Users"
  package var version = "version"
  package var otherwise = "otherwise"
  /// A message's samples table: the plural form and the text columns.
  package var form = "form"
  package var text = "text"
  /// The footer, around `rules`.
  package var madeBy = "Made by"
  package var madeFrom = "from the catalog files; every number is the engine's."
  package var skip = "Skip to the content"
  /// What `rules reach` says on a card: "from day 7", a journey there, the flags.
  package var fromDay = "from day"
  package var journeyThere = "a journey there"
  package var neverFlag = "No user can unlock it"
  package var alwaysFlag = "Every new user has it at once"

  /// The words of `locale` (English for a language the pages do not have).
  package static func of(_ locale: String) -> SiteText {
    guard locale.hasPrefix("ar") else { return SiteText() }
    var text = SiteText()
    text.milestones = "المراحل"
    text.badges = "الأوسمة"
    text.quotes = "الاقتباسات"
    text.messages = "الرسائل"
    text.streaks = "السلاسل"
    text.metrics = "المقاييس"
    text.language = "اللغة"
    text.day = "اليوم"
    text.always = "دائمًا"
    text.criterion = "الشرط"
    text.group = "المجموعة"
    text.locked = "مقفل"
    text.unlocked = "مفتوح"
    text.waiting = "ينتظر"
    text.requires = "يتطلب"
    text.reached = "تم الوصول"
    text.today = "اليوم"
    text.newUser = "الحالات كما يراها مستخدم جديد في"
    text.sites = "كل الصفحات"
    text.users = "المستخدمون"
    text.version = "الإصدار"
    text.otherwise = "غير ذلك"
    text.form = "الصيغة"
    text.text = "النص"
    text.madeBy = "صنعها"
    text.madeFrom = "من ملفات الكتالوج؛ كل رقم فيها من المحرّك."
    text.skip = "انتقل إلى المحتوى"
    text.fromDay = "من اليوم"
    text.journeyThere = "رحلة إليه"
    text.neverFlag = "لا يمكن لأي مستخدم فتحه"
    text.alwaysFlag = "يحصل عليه كل مستخدم جديد فورًا"
    return text
  }

  /// Whether `locale`'s script is written right to left.
  package static func isRightToLeft(_ locale: String) -> Bool {
    let language = locale.split(separator: "-").first.map(String.init) ?? locale
    return ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(language)
  }

  /// A language's name in itself.
  package static func name(_ locale: String) -> String {
    switch locale.split(separator: "-").first.map(String.init) ?? locale {
    case "en": "English"
    case "ar": "العربية"
    case "fr": "Français"
    case "tr": "Türkçe"
    case "ur": "اردو"
    case "id": "Bahasa Indonesia"
    case "ms": "Bahasa Melayu"
    default: locale
    }
  }
}
