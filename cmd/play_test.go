package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// playScriptedGame plays a whole game into the database at db: "ana" (who starts) plays the
// best static play of the hand-set model every turn, exchanges on her second turn, against
// level 2. It returns the game's number and the moves ana typed.
func playScriptedGame(t *testing.T, db string, seed uint64) (int64, []string) {
	t.Helper()
	lex := testlex.Default(t)
	now := func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }
	st, err := studystore.Open(db, studystore.Options{Now: now, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	bot, err := play.NewBot(play.BotConfig{Lexicon: lex, Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	r, w := io.Pipe()
	defer w.Close()
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	var typed []string
	turn := 0
	se := &play.Session{Store: st, Lex: lex, Bot: bot, In: r, UI: ui.NewTerm(io.Discard, false, 0, nil), P: i18n.For(i18n.English),
		Now: now, OnPrompt: func(s *play.State) {
			turn++
			g := s.Game
			line := "pasar"
			if turn == 2 && g.Bag.Len() >= 2 {
				line = "cambio " + lex.Tiles.Notation(g.Rack()[:2])
			} else {
				gen.SetBoard(g.Board)
				opts := movegen.Options{By: movegen.ByEquity, Top: 1, Leaves: equity.NewDefault(lex.Tiles), BagEmpty: g.Bag.Len() == 0}
				if m := gen.Generate(g.Rack(), opts); len(m) > 0 {
					line = engine.FormatMove(&m[0], g.Board, lex.Tiles)
				}
			}
			typed = append(typed, line)
			fmt.Fprintln(w, line)
		}}
	ctx := context.Background()
	state, id, err := se.Start(ctx, play.Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 2, Seed: seed, Player: "ana"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := se.Run(ctx, state, id)
	if err != nil || res.Stopped != play.StoppedFinished {
		t.Fatalf("game: %v, stopped %q", err, res.Stopped)
	}
	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	eg, err := endgame.NewAnalysisOracle(lex)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := play.Conclude(ctx, st, lex, state, id, play.ConcludeOptions{Table: table, Endgame: eg, PuzzleLoss: -1}); err != nil {
		t.Fatal(err)
	}
	return id, typed
}

// A game played and stored comes out of games export as GCG; analyze reads it back with the
// same moves the player typed; and every analysed turn's best play, its score and the equity
// lost are what `atril moves` says on the same position.
func TestPlayGCGRoundTripAndAnalysis(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	// Seed 1: two turns with the bag empty, both endgames proven in a fraction of analyze's
	// time (seed 21 had one unproven, which cost its whole bound: 4 CPU-s of the test's 5).
	id, typed := playScriptedGame(t, db, 1)
	file := filepath.Join(dir, "game.gcg")
	if _, errOut, code := runAtril(t, "", "games", "export", fmt.Sprint(id), "--out", file, "--db", db); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	out, errOut, code := runAtril(t, "", "analyze", file, "--player", "ana", "--json", "--plot", filepath.Join(dir, "win.png"))
	if code != 0 {
		t.Fatalf("analyze: exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if k := keys(t, got); !slices.Equal(k, []string{"summary", "turns"}) {
		t.Fatalf("keys %v", k)
	}
	turns := got["turns"].([]any)
	for _, tn := range turns {
		// Issue 19's keys, how the turn was valued, and whether an endgame's value is proven.
		k := slices.DeleteFunc(keys(t, tn), func(k string) bool { return k == "proven" })
		if !slices.Equal(k, []string{"best", "best_score", "equity_loss", "method", "play", "player", "rack", "score", "turn",
			"win_after", "win_before"}) {
			t.Fatalf("turn keys %v", k)
		}
		if m := tn.(map[string]any)["method"]; m != "static" && m != "endgame" {
			t.Errorf("turn %v: method %v", tn.(map[string]any)["turn"], m)
		}
	}
	if len(turns) != len(typed) {
		t.Fatalf("%d turns analysed, %d typed", len(turns), len(typed))
	}
	ts := testlex.Default(t).Tiles
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := gcg.Read(bytes.NewReader(data), file, ts)
	if err != nil {
		t.Fatal(err)
	}
	// The same moves: each typed play is the analysed play, written the same way.
	ev, endgames, unproven := 0, 0, 0
	for i, tn := range turns {
		tm := tn.(map[string]any)
		for rec.Events[ev].Player != 0 || rec.Events[ev].Kind > gcg.Pass {
			ev++
		}
		pos, err := rec.Replay(ts, engine.StandardLayout(), ev)
		if err != nil {
			t.Fatal(err)
		}
		want, err := engine.ParseMove(strings.Replace(strings.Replace(typed[i], "pasar", "-", 1), "cambio ", "-", 1), pos.Board, ts)
		if err != nil {
			t.Fatal(err)
		}
		gotMove, err := engine.ParseMove(tm["play"].(string), pos.Board, ts)
		if err != nil {
			t.Fatal(err)
		}
		if want.Kind != gotMove.Kind || analysis.MoveKey(&want) != analysis.MoveKey(&gotMove) {
			t.Errorf("turn %d: typed %q, analysed %q", i+1, typed[i], tm["play"])
		}
		if tm["method"] == "endgame" {
			// The bag empty: the loss is what atril endgame says the play gives away.
			endgames++
			if tm["proven"] != true {
				// Out of time (analyze bounds each solve): the best found, not comparable.
				t.Logf("turn %d: endgame not proven", i+1)
				unproven++
				ev++
				continue
			}
			hidden := *pos
			hidden.Racks[1] = nil
			value := func(args ...string) float64 {
				eout, eerr, ecode := runAtril(t, "", append([]string{"endgame", "--cgp", hidden.CGP(), "--json"}, args...)...)
				if ecode != 0 {
					t.Fatalf("endgame: exit %d: %s", ecode, eerr)
				}
				var ej struct{ Value float64 }
				if err := json.Unmarshal([]byte(eout), &ej); err != nil {
					t.Fatal(err)
				}
				return ej.Value
			}
			if loss := value() - value("--play", tm["play"].(string)); loss != tm["equity_loss"].(float64) {
				t.Errorf("turn %d: final spread lost %v, atril endgame says %v", i+1, tm["equity_loss"], loss)
			}
			ev++
			continue
		}
		// The same values as atril moves on the position (the opponent's rack unknown).
		if i%3 == 0 || i == len(turns)-1 {
			hidden := *pos
			hidden.Racks[1] = nil
			mout, merr, mcode := runAtril(t, "", "moves", "--cgp", hidden.CGP(), "--exchanges", "--all", "--json")
			if mcode != 0 {
				t.Fatalf("moves: exit %d: %s", mcode, merr)
			}
			var mv movesJSON
			if err := json.Unmarshal([]byte(mout), &mv); err != nil {
				t.Fatal(err)
			}
			if mv.Moves[0].Move != tm["best"] || float64(mv.Moves[0].Score) != tm["best_score"] {
				t.Errorf("turn %d: best %v (%v), moves says %s (%d)", i+1, tm["best"], tm["best_score"], mv.Moves[0].Move, mv.Moves[0].Score)
			}
			played := -1
			for k, m := range mv.Moves {
				a, err1 := engine.ParseMove(m.Move, pos.Board, ts)
				if err1 == nil && analysis.MoveKey(&a) == analysis.MoveKey(&gotMove) {
					played = k
				}
			}
			if played < 0 {
				t.Errorf("turn %d: %v not among the moves", i+1, tm["play"])
				continue
			}
			if loss := mv.Moves[0].Equity - mv.Moves[played].Equity; math.Abs(loss-tm["equity_loss"].(float64)) > 0.011 {
				t.Errorf("turn %d: equity lost %v, moves says %.2f", i+1, tm["equity_loss"], loss)
			}
		}
		ev++
	}
	sum := got["summary"].(map[string]any)
	if endgames == 0 || sum["endgame_turns"] != float64(endgames) {
		t.Errorf("%d turns with the bag empty; summary %v", endgames, sum["endgame_turns"])
	}
	if sum["turns"] != float64(len(turns)) || sum["player"] != "ana" {
		t.Errorf("summary %v", sum)
	}
	f, err := os.Open(filepath.Join(dir, "win.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("plot: %v", err)
	}
	// The stored game: analysed, listed, counted by stats, not mentioned by today.
	out, errOut, code = runAtril(t, "", "games", "--json", "--db", db)
	if code != 0 || !strings.Contains(out, `"result"`) || !strings.Contains(out, `"equity_loss_per_turn"`) {
		t.Errorf("games: exit %d: %s%s", code, out, errOut)
	}
	out, errOut, code = runAtril(t, "", "stats", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	var rep struct {
		Games struct {
			Windows []struct {
				Games, Analysed int
				Loss            float64 `json:"equity_loss_per_turn"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// (An endgame not proven in analyze's time may be valued differently from one run to the
	// next: then only the game is counted.)
	if w := rep.Games.Windows; len(w) != 3 || w[0].Games != 1 || unproven == 0 && math.Abs(w[0].Loss-sum["mean_equity_loss"].(float64)) > 0.01 {
		t.Errorf("stats games %+v, analysis mean %v", rep.Games, sum["mean_equity_loss"])
	}
	if out, _, _ := runAtril(t, "", "today", "--db", db); strings.Contains(out, "unfinished game") {
		t.Errorf("today mentions an unfinished game:\n%s", out)
	}
}

// Killed with SIGKILL in the middle of a game, atril loses no turn made: play --resume deals
// the same game again, with the same rack, and goes on; today mentions it meanwhile.
func TestPlayKilledResumes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	child, stdin, out := atrilChild(t, "play --db "+db+" --seed 5 --first you --level 4 --lang en --no-puzzles")
	rackRE := regexp.MustCompile(`Your rack +([^\n]+)`)
	for i := 1; i <= 3; i++ {
		out.waitCount(t, "Your turn", i)
		fmt.Fprintln(stdin, "pasar")
	}
	out.waitCount(t, "Your turn", 4)
	racks := rackRE.FindAllStringSubmatch(out.String(), -1)
	before := racks[len(racks)-1][1]
	killChild(t, child, out)

	o, _, code := runAtril(t, "", "today", "--db", db)
	if code != 0 || !strings.Contains(o, "unfinished game") {
		t.Errorf("today: exit %d:\n%s", code, o)
	}
	o, errOut, code := runAtril(t, "q\n", "play", "--resume", "--db", db)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	if !strings.Contains(o, "goes on after 6 turns") {
		t.Errorf("resumed game:\n%s", o)
	}
	after := rackRE.FindStringSubmatch(o)
	if after == nil || after[1] != before {
		t.Errorf("rack after resume %v, before the kill %q", after, before)
	}
	if _, errOut, code := runAtril(t, "", "play", "--resume", "--level", "3", "--db", db); code != ExitError || !strings.Contains(errOut, "--level") {
		t.Errorf("resume with --level: exit %d: %s", code, errOut)
	}
}
