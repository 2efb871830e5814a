import Testing

@testable import RulesExperiments

@Suite struct AssignmentTests {
  /// Buckets computed outside Swift (Python's hashlib, the formula in `Assignment`'s
  /// documentation), so another implementation can reproduce the arms.
  @Test(arguments: [
    ("freeze-5", "user-000001", 3335), ("freeze-5", "user-000002", 114), ("freeze-5", "fatima", 8251),
    ("other", "fatima", 3689), ("", "", 3192), ("freeze-5", "فاطمة", 3421),
  ])
  func bucketsMatchTheDocumentedFormula(experiment: String, user: String, bucket: Int) {
    #expect(Assignment.bucket(experiment: experiment, user: user) == bucket)
  }

  /// On 100,000 ids the variant's size is within 5 standard deviations of the share (a binomial
  /// bound: a true share falls outside it once in 1.7 million runs).
  @Test(arguments: [1, 100, 2_000, 5_000, 9_950])
  func shareWithinBinomialBounds(basisPoints: Int) throws {
    let share = try #require(Share(basisPoints: basisPoints))
    let assignment = Assignment(experiment: "freeze-every-5", share: share)
    let n = 100_000
    let variant = (0..<n).filter { assignment.arm(of: "user-\($0)") == .variant }.count
    let p = share.fraction
    let expected = Double(n) * p
    let deviation = (Double(n) * p * (1 - p)).squareRoot()
    #expect(abs(Double(variant) - expected) <= 5 * deviation, "\(variant) of \(n) at \(share)")
  }

  @Test func noneAndAll() throws {
    let none = Assignment(experiment: "x", share: try #require(Share(basisPoints: 0)))
    let all = Assignment(experiment: "x", share: try #require(Share(basisPoints: 10_000)))
    for user in ["a", "b", "user-1", "", "فاطمة"] {
      #expect(none.arm(of: user) == .control)
      #expect(all.arm(of: user) == .variant)
    }
  }

  /// Growing the share moves users into the variant, never out of it.
  @Test func growingTheShareKeepsTheVariant() throws {
    let small = Assignment(experiment: "grow", share: try #require(Share(parsing: "20%")))
    let large = Assignment(experiment: "grow", share: try #require(Share(parsing: "30%")))
    for user in (0..<5_000).map({ "u\($0)" }) where small.arm(of: user) == .variant {
      #expect(large.arm(of: user) == .variant)
    }
  }

  /// Two experiments split the same users independently: the variant of one is not the variant
  /// of the other (about 25% of users are in both 50% variants).
  @Test func experimentsAreIndependent() throws {
    let half = try #require(Share(parsing: "50%"))
    let first = Assignment(experiment: "first", share: half)
    let second = Assignment(experiment: "second", share: half)
    let users = (0..<40_000).map { "user-\($0)" }
    let both = users.filter { first.arm(of: $0) == .variant && second.arm(of: $0) == .variant }.count
    // 10,000 expected; the standard deviation is about 87.
    #expect(abs(both - 10_000) < 500)
  }

  @Test(arguments: [
    ("20%", 2_000), ("20", 2_000), ("12.5%", 1_250), ("0.25%", 25), ("0%", 0), ("100%", 10_000), ("7.05", 705),
  ])
  func sharesParse(text: String, basisPoints: Int) {
    #expect(Share(parsing: text)?.basisPoints == basisPoints)
  }

  @Test(arguments: ["101%", "-5%", "20.123%", "", "%", "abc", "1e2", "20 %", " 20%", "100.01%", "20.%", ".5%", "0x10"])
  func badSharesDoNotParse(text: String) {
    #expect(Share(parsing: text) == nil)
  }

  @Test(arguments: [(2_000, "20%"), (1_250, "12.5%"), (25, "0.25%"), (705, "7.05%"), (10_000, "100%")])
  func sharesPrint(basisPoints: Int, text: String) throws {
    #expect(try #require(Share(basisPoints: basisPoints)).description == text)
  }
}
