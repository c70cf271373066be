"""The Sherlock Holmes Card Game: cards, the follow lists and their graph, rules, bots, odds."""
