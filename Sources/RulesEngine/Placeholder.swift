public enum RulesEngine {}
