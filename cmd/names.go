package cmd

import (
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/leavetable"
)

// Names shown to a reader for the identifiers typed on the command line (--leaves builtin,
// --players equity,score): in Spanish, Spanish words; JSON keeps the identifiers.

// leaveTableName is a leave table as the reader says it (leavetable.DisplayName).
var leaveTableName = leavetable.DisplayName

// strategyName is a self-play player's strategy in the reader's words (game.StrategyName).
var strategyName = game.StrategyName
