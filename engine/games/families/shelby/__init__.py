"""Shelby and Psycho Shelby: state, hands, round settlement, digital game and JSON format."""
