package cmd

import (
	"github.com/atril-scrabble/atril/engine/boardtext"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
	"github.com/atril-scrabble/atril/stats/leaves"
)

// The JSON the commands write, by the names the tests read it with.
type (
	endgameJSON          = endgame.SolveJSON
	hookJSON             = lexicon.HookJSON
	infoJSON             = morph.WordInfo
	learnJSON            = leaves.LearnReport
	leavesEvalJSON       = leaves.EvalReport
	leavesShowJSON       = leaves.ShowReport
	lexiconDiffJSON      = lexicon.DiffReport
	mergeJSON            = leaves.MergeReport
	moveJSON             = boardtext.MoveJSON
	movesJSON            = boardtext.MoveList
	pegJSON              = endgame.PegJSON
	scoreJSON            = boardtext.Score
	searchAlphagramsJSON = lexicon.AlphagramsJSON
	searchJSON           = lexicon.SearchJSON
	selfplayJSON         = game.Report
	shardJSON            = leaves.ShardReport
	showJSON             = boardtext.View
)
