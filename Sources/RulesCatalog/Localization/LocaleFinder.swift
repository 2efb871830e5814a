/// Finds the locale files of the catalog at a path: each language's file and its locale (the
/// tooling's `LocaleFiles` lists them on disk or among texts in memory; the engine reads none).
@_spi(Tooling) public typealias LocaleFinder = @Sendable (_ catalogPath: String) -> [(locale: String, path: String)]
