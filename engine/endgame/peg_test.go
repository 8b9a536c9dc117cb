package endgame

import (
	"context"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// TestPreEndgame: on hand-made pre-endgames (one tile in the bag) with a lexicon of a few
// words, each play's figures are the weighted mean of the endgames after each draw, solved one
// by one: the draws' weights add up to the eight unseen tiles, the expected value and the chance
// of winning follow from the values, and the plays come best first.
func TestPreEndgame(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, strings.Fields("AL ALA ALAS AS ES EL ELLA SE LE LA MAS MES QUE")...)
	for _, tc := range []struct{ cgp, unseen string }{
		{"15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AESM/ 10/12 0", "EEEQUAAS"},
		{"15/15/15/15/15/15/15/6MAS6/15/15/15/15/15/15/15 ALLE/ 30/20 0", "SSQUEEAL"},
	} {
		pos := exactPosition(t, tc.cgp, tc.unseen)
		cfg := Config{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes}
		res, err := PreEndgame(context.Background(), cfg, pos, PegOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || len(res.Plays) == 0 || len(res.Unseen) != 8 {
			t.Fatalf("%s: complete %t, %d plays, %d unseen", pos.CGP(), res.Complete, len(res.Plays), len(res.Unseen))
		}
		s, _ := New(Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes})
		spread := pos.Scores[0] - pos.Scores[1]
		for i, p := range res.Plays {
			name := engine.FormatMove(&p.Move, pos.Board, lex.Tiles)
			if i > 0 && (p.Win > res.Plays[i-1].Win || p.Win == res.Plays[i-1].Win && p.Value > res.Plays[i-1].Value) {
				t.Errorf("%s is better than the play before it", name)
			}
			total, sum, win := 0, 0, 0.0
			for _, d := range p.Draws {
				r, err := s.Solve(context.Background(), pegEndgame(pos, &p.Move, res.Unseen, d.Tile), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if want := int(p.Move.Score) - r.Value; d.Value != want || !d.Proven {
					t.Errorf("%s draw %s: value %d, solved alone %d", name, lex.Tiles.Label(d.Tile), d.Value, want)
				}
				total += d.Count
				sum += d.Count * d.Value
				switch f := spread + d.Value; {
				case f > 0:
					win += float64(d.Count)
				case f == 0:
					win += float64(d.Count) / 2
				}
			}
			if total != 8 || p.Value != float64(sum)/8 || p.Win != win/8 || p.Spread != float64(spread)+p.Value || !p.Proven {
				t.Errorf("%s: weights %d, value %.3f (want %.3f), win %.3f (want %.3f)", name, total, p.Value, float64(sum)/8, p.Win, win/8)
			}
		}
	}
}
