/// The console's first page: each catalog served, its version and when it was loaded.
package struct ConsoleIndexPage: Sendable {
  package struct Entry: Sendable {
    package var id: String
    package var name: String
    package var version: Int
    package var href: String

    package init(id: String, name: String, version: Int, href: String) {
      self.id = id
      self.name = name
      self.version = version
      self.href = href
    }
  }

  package var chrome: Chrome
  package var catalogs: [Entry]
  /// When the catalogs served were loaded (ISO 8601, UTC).
  package var loaded: String
  package var folder: String

  package init(catalogs: [Entry], loaded: String, folder: String, csrf: String) {
    chrome = ConsoleChrome.chrome("Catalogs — rules console", csrf: csrf, current: "Catalogs")
    self.catalogs = catalogs
    self.loaded = loaded
    self.folder = folder
  }
}
