/// The folder a catalog's imports must stay in, as the tooling finds it (RulesKit's
/// `RepositoryRoot`): the engine reads no files and asks the boundary whether an import may be
/// read. An import outside it is refused before it is read.
@_spi(Tooling) public protocol ImportBoundary: Sendable {
  /// The folder, as the refusal names it.
  var path: String { get }
  /// What the user can do about a refusal (the command's option, say), appended to it.
  var advice: String? { get }
  /// Whether `file` lies inside the folder.
  func contains(_ file: String) -> Bool
}
