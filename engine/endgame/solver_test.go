package endgame

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
)

func tilesOnRacks(p *engine.Position) int { return len(p.Racks[0]) + len(p.Racks[1]) }

// TestAgainstBruteForce: on small endgames from self-play with the shipped lexicon, the solver's
// proven value equals plain minimax on the whole lexicon under FILE's rules (four passes, twelve
// scoreless turns, counted exactly), its best play is worth that value, and its line adds up to
// it; with one thread and two, with the pruned lexicon and the whole one.
func TestAgainstBruteForce(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 60, 11, 40, func(p *engine.Position) bool {
		return tilesOnRacks(p) <= 5 && len(p.Racks[0]) >= 1
	})
	if len(ps) < 30 {
		t.Fatalf("only %d small endgames", len(ps))
	}
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	for i, pos := range ps {
		gen.SetBoard(pos.Board)
		b := &brute{gen: gen, ts: lex.Tiles, rules: FILERules}
		want := b.value(pos.Racks[0], pos.Racks[1], pos.ScorelessTurns, pos.ScorelessTurns, -1<<30, 1<<30)
		for _, cfg := range []Config{
			{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes},
			{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes, FullLexicon: true},
		} {
			res := solve(t, cfg, pos, Options{})
			if !res.Proven || res.Value != want {
				t.Fatalf("position %d %s (threads %d): value %d (proven %t), minimax %d", i, pos.CGP(), cfg.Threads, res.Value, res.Proven, want)
			}
			if got := lineValue(lex.Tiles, pos, res.Best.Line); got != want || res.Best.Line.End == NotEnded {
				t.Fatalf("position %d %s: the line adds up to %d (end %d), value %d", i, pos.CGP(), got, res.Best.Line.End, want)
			}
		}
	}
}
