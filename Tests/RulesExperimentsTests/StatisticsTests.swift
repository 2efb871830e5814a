import Testing

@testable import RulesExperiments

/// The intervals against published values (Newcombe 1998) and SciPy's (scipy.stats 1.17:
/// `t.ppf`, `ttest_ind(equal_var=False).confidence_interval`).
@Suite struct StatisticsTests {
  @Test(arguments: [
    (0.975, 3.0, 3.1824463052837078), (0.975, 7.5, 2.333039626864974), (0.975, 1.3, 7.500529325562029),
    (0.95, 40.0, 1.683851013335652), (0.025, 12.0, -2.1788128296672293), (0.975, 1.0, 12.706204736174694),
  ])
  func studentQuantile(p: Double, degrees: Double, expected: Double) {
    #expect(abs(Distributions.studentQuantile(p, degrees: degrees) - expected) < 1e-9)
  }

  @Test func normalQuantile() {
    #expect(abs(Distributions.normalQuantile(0.975) - 1.959963984540054) < 1e-12)
    #expect(abs(Distributions.normalQuantile(0.5)) < 1e-15)
    #expect(abs(Distributions.normalQuantile(1e-6) + 4.753424308822899) < 1e-9)
  }

  /// Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I, method 3.
  @Test(arguments: [
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718),
  ])
  func wilson(hits: Int, users: Int, lower: Double, upper: Double) throws {
    let interval = try #require(Proportion(hits: hits, users: users).interval)
    #expect(abs(interval.lower - lower) < 0.00005)
    #expect(abs(interval.upper - upper) < 0.00005)
    #expect(interval.estimate == Double(hits) / Double(users))
  }

  /// Newcombe (1998), "Interval estimation for the difference between independent proportions",
  /// table II, method 10; statsmodels 0.14's `confint_proportions_2indep(method="newcomb")` gives
  /// the same to four places.
  @Test(arguments: [
    (56, 70, 48, 80, 0.0524, 0.3339), (9, 10, 3, 10, 0.1705, 0.8090), (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926), (0, 10, 0, 20, -0.1611, 0.2775), (10, 10, 0, 20, 0.6791, 1.0),
  ])
  func newcombe(a: Int, n: Int, b: Int, m: Int, lower: Double, upper: Double) throws {
    let interval = try #require(Proportion(hits: a, users: n).difference(from: Proportion(hits: b, users: m)))
    #expect(abs(interval.lower - lower) < 0.00005)
    #expect(abs(interval.upper - upper) < 0.00005)
  }

  @Test func noUsersNoInterval() {
    #expect(Proportion(hits: 0, users: 0).interval == nil)
    #expect(Proportion(hits: 0, users: 0).difference(from: Proportion(hits: 1, users: 2)) == nil)
    #expect(Mean([]).interval == nil)
    #expect(Mean([4]).interval == Interval(estimate: 4, lower: 4, upper: 4))
    #expect(Mean([4]).difference(from: Mean([1, 2])) == nil)
  }

  @Test func studentAndWelch() throws {
    let a = Mean([3, 5, 7, 8, 12, 4, 6])
    let b = Mean([2, 2, 3, 4, 1, 3, 2, 5, 2])
    let single = try #require(a.interval)
    #expect(abs(single.lower - 3.661383964064507) < 1e-9)
    #expect(abs(single.upper - 9.19575889307835) < 1e-9)
    let difference = try #require(a.difference(from: b))
    #expect(abs(difference.estimate - 3.7619047619047623) < 1e-12)
    #expect(abs(difference.lower - 0.9616442809333714) < 1e-9)
    #expect(abs(difference.upper - 6.562165242876153) < 1e-9)
  }

  @Test func identicalValuesHaveAPointDifference() throws {
    let difference = try #require(Mean([2, 2, 2]).difference(from: Mean([1, 1])))
    #expect(difference == Interval(estimate: 1, lower: 1, upper: 1))
  }
}
