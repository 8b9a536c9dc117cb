package cmd

import (
	"errors"
	"maps"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// adviceFor maps a library error to what the command line can do about it. Libraries speak of
// the thing ("0 games a generation: expected 1 to 1,000,000"); the command adds the flag or the
// command that changes it ("--games: ..."). The message gets the library error's placeholders.
var adviceFor = map[string]string{
	"deck.err.no_deck":                   "advice.no_deck",
	"deck.err.not_words":                 "advice.not_words",
	"deck.err.not_words_more":            "advice.not_words",
	"leaves.err.builtin_tiles":           "advice.builtin_tiles",
	"leaves.err.checkpoint_checksum":     "advice.checkpoint_damaged",
	"leaves.err.games":                   "advice.games",
	"leaves.err.generations":             "advice.generations",
	"leaves.err.pairs":                   "advice.pairs",
	"leaves.err.workers":                 "advice.workers",
	"leaves.err.shard_syntax":            "advice.shard",
	"leaves.err.shard_count":             "advice.shard",
	"leaves.err.shard_index":             "advice.shard",
	"leaves.err.shard_env":               "advice.shard",
	"leaves.err.shard_auto":              "advice.shard",
	"leaves.err.method":                  "advice.method",
	"leaves.err.merge_tiles":             "advice.merge_tiles",
	"leaves.err.stats_other":             "advice.stats_other",
	"leaves.err.no_checkpoint":           "advice.no_checkpoint",
	"leaves.err.resume_needs_checkpoint": "advice.resume",
	"puzzle.bad_cgp":                     "advice.cgp",
	"puzzle.cgp_no_rack":                 "advice.cgp",
	"puzzle.bad_disagree":                "advice.disagree",
	"puzzle.bad_limit":                   "advice.limit",
	"puzzle.bad_selfplay":                "advice.selfplay",
	"puzzle.no_source":                   "advice.no_source",
	"puzzle.other_lexicon":               "advice.puzzle_lexicon",
	"puzzle.player_without_gcg":          "advice.player",
	"registry.kwg_is_text":               "advice.kwg_is_text",
	"registry.kwg_is_utf16":              "advice.kwg_is_text",
}

// advise adds the command line's advice to the first error in err's chain that has some.
func advise(err error) error {
	for e := err; e != nil; e = errors.Unwrap(e) {
		ie, ok := e.(*i18n.Error)
		if !ok {
			continue
		}
		if id, ok := adviceFor[ie.ID]; ok {
			return &i18n.Error{ID: id, Data: maps.Clone(ie.Data), Count: ie.Count, Err: err}
		}
	}
	return err
}
