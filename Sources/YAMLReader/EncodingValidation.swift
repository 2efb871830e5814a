/// The first bytes tell a UTF-16 or UTF-32 file, which libyaml would otherwise decode.
/// Invalid UTF-8 further in is caught by libyaml's reader and reported with its place.
enum EncodingValidation {
  static func problem(in bytes: [UInt8]) -> String? {
    let prefix = Array(bytes.prefix(4))
    if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "the file is UTF-32 text (it starts with a UTF-32 byte order mark); save it as UTF-8"
    }
    if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) {
      return "the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"
    }
    if prefix.count >= 2 && (prefix[0] == 0 || prefix[1] == 0) {
      return "the file looks like UTF-16 or UTF-32 text (it has NUL bytes); save it as UTF-8"
    }
    return nil
  }
}
