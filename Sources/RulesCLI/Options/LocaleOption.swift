import ArgumentParser
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit

/// The language of a command's texts (`--locale ar`): badge names, quotes, messages, with the
/// catalog's fallback (`ar-EG` → `ar` → its `default_locale`).
struct LocaleOption: ParsableArguments {
  @Option(help: "The language of the texts, e.g. ar or ar-EG (default: the catalog's default_locale).")
  var locale: String?

  func validate() throws {
    if let locale, let problem = LocaleChain.problem(with: locale) {
      throw ValidationError("--locale: \(problem)")
    }
  }

  /// `catalog` with its texts in the locale asked for; warns (on standard error) when the
  /// catalog has no texts in that language, whose texts then stay in the default language.
  func localize(_ catalog: ValidatedCatalog) -> ValidatedCatalog {
    guard let locale else { return catalog }
    let own = catalog.catalog
    // The locales the tag asked for names (`ar-EG`: `ar-EG`, `ar`), without the fallback the
    // chain adds: the catalog's own language asked for (`--locale en` of an English catalog)
    // is no missing language.
    let asked = LocaleChain.chain(locale, defaultLocale: locale)
    if !asked.contains(where: { own.translations.languages[$0] != nil || $0 == own.defaultLocale }) {
      let known = ([own.defaultLocale] + own.translations.locales).joined(separator: ", ")
      printError(
        "warning: the catalog '\(own.id)' has no texts in '\(LocaleChain.normalize(locale))' (it has \(known)); its texts are in \(own.defaultLocale)"
      )
    }
    return catalog.localized(to: locale)
  }
}
