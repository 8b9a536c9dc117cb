package play

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// testClock is a clock tests move by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func openStore(t testing.TB, clock func() time.Time) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: clock, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// phony finds a play of the rack on the board that the rules allow but whose words are not
// all in the lexicon: the tiles of a legal play in another order.
func phony(lex *lexicon.Lexicon, board *engine.Board, rack []lexicon.Tile) (engine.Move, bool) {
	ts := lex.Tiles
	gen := movegen.New(lex.Graph, ts, engine.StandardLayout())
	gen.SetBoard(board)
	moves := gen.Generate(rack, movegen.Options{By: movegen.ByScore, Sort: true})
	for i := range moves {
		m := moves[i]
		var at []int
		for k := 0; k < int(m.Len); k++ {
			if m.Tiles[k] != engine.PlayedThrough {
				at = append(at, k)
			}
		}
		if len(at) < 2 {
			continue
		}
		for a := 0; a < len(at); a++ {
			for b := a + 1; b < len(at); b++ {
				q := m
				q.Tiles[at[a]], q.Tiles[at[b]] = q.Tiles[at[b]], q.Tiles[at[a]]
				v := engine.Check(board, &q, ts, lex, rack)
				if v.Legal || len(v.Problems) == 0 {
					continue
				}
				only := true
				for _, p := range v.Problems {
					only = only && p.Kind == engine.ProblemNotAWord
				}
				if only {
					return v.Move, true
				}
			}
		}
	}
	return engine.Move{}, false
}

const timedPrompts = 8

// script plays the player's side of a game through the session's input: what it types is
// decided when the session asks (OnPrompt), from the game as it stands.
type script struct {
	t      *testing.T
	w      *io.PipeWriter
	lex    *lexicon.Lexicon
	gen    *movegen.Generator
	clock  *testClock
	turns  int // the player's turns asked for
	typed  []string
	events map[string]int
	// slow is the prompt answered in 5 minutes; the others of the first timedPrompts take 90
	// seconds, the rest no time.
	slow int
}

func (s *script) say(line string) {
	s.typed = append(s.typed, line)
	fmt.Fprintln(s.w, line)
}

// prompt types the next line: a pass first, then an exchange, a phony, a challenge of atril's
// play, then the best play by equity (or a pass when there is none) until the game ends.
func (s *script) prompt(st *State) {
	ts := s.lex.Tiles
	g := st.Game
	rack := g.Rack()
	asked := s.turns
	s.turns++
	switch {
	case asked == s.slow:
		s.clock.Add(5 * time.Minute)
	case asked < timedPrompts:
		s.clock.Add(90 * time.Second)
	}
	switch {
	case s.events["pass"] == 0:
		s.events["pass"]++
		s.say("pasar")
		return
	case s.events["exchange"] == 0 && g.Bag.Len() >= 3:
		s.events["exchange"]++
		s.say("cambio " + ts.Notation(rack[:3]))
		return
	case s.events["phony"] == 0 && g.Board.Tiles > 0:
		if m, ok := phony(s.lex, g.Board, rack); ok {
			s.events["phony"]++
			s.say(engine.FormatMove(&m, g.Board, ts))
			return
		}
	case s.events["challenge"] == 0 && st.LastEngine >= 0:
		s.events["challenge"]++
		s.say("desafío")
		return
	case s.events["bad"] == 0:
		s.events["bad"]++
		s.say("8H ZZZZZZZZ") // not on the rack: refused, typed again
		return
	}
	s.gen.SetBoard(g.Board)
	opts := movegen.Options{By: movegen.ByEquity, Top: 1, Leaves: equity.NewDefault(ts), BagEmpty: g.Bag.Len() == 0}
	moves := s.gen.Generate(rack, opts)
	if len(moves) == 0 {
		s.say("pass")
		return
	}
	s.say(engine.FormatMove(&moves[0], g.Board, ts))
}

// A whole game typed through the input against level 3: a pass, an exchange, a phony that
// atril challenges off, a challenge of atril's play, a play that cannot be made, and a clock
// that runs over; every turn saved, the record replays to the final scores, and the time
// penalty is art. 34's.
func TestScriptedGame(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	clock := &testClock{t: t0}
	st := openStore(t, clock.Now)
	r, w := io.Pipe()
	var out bytes.Buffer
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	sc := &script{t: t, w: w, lex: lex, gen: movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout()), clock: clock,
		events: map[string]int{}, slow: 3}
	se := &Session{Store: st, Lex: lex, Bot: bot, In: r, UI: ui.NewTerm(&out, false, 0, nil), P: i18n.For(i18n.English),
		Now: clock.Now, Echo: true, OnPrompt: sc.prompt}
	ctx := context.Background()
	state, id, err := se.Start(ctx, Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 3, Seed: 11, Player: "ana",
		Seat: 0, Clock: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	res, err := se.Run(ctx, state, id)
	w.Close()
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if testing.Verbose() {
		t.Log(out.String())
	}
	if res.Stopped != StoppedFinished || !state.Over() {
		t.Fatalf("stopped %q, end %q\n%s", res.Stopped, state.End, out.String())
	}
	for _, e := range []string{"pass", "exchange", "phony", "challenge", "bad"} {
		if sc.events[e] != 1 {
			t.Errorf("the script never typed its %s", e)
		}
	}
	text := out.String()
	for _, want := range []string{"You pass.", "You exchange 3 tiles.", "play not valid", "Challenge: play valid", "cannot be played",
		"atril plays"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// The clock: 90 s for each of the first prompts but one, which takes 5 minutes.
	want := (timedPrompts-1)*90*time.Second + 5*time.Minute
	if state.Used != want {
		t.Errorf("clock used %v, want %v (%d prompts)", state.Used, want, sc.turns)
	}
	over := want - 10*time.Minute
	if over <= 0 || over > MaxOvertime {
		t.Fatalf("the script's clock is %v over; the test wants between 0 and 8 minutes", over)
	}
	if state.Penalty != TimePenalty(over) || state.Penalty%10 != 0 || state.Penalty < 10 {
		t.Errorf("penalty %d for %v over", state.Penalty, over)
	}
	// Stored: the game is finished with its record; every turn is there.
	rec, turns, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	pl, at := state.Scores()
	if rec.Finished.IsZero() || rec.PlayerScore != pl || rec.EngineScore != at || rec.TimePenalty != state.Penalty || rec.EndReason != state.End {
		t.Errorf("stored %+v, want scores %d-%d, penalty %d, end %s", rec, pl, at, state.Penalty, state.End)
	}
	if len(turns) != len(state.Turns) {
		t.Errorf("%d turns stored, %d played", len(turns), len(state.Turns))
	}
	kinds := map[string]int{}
	for _, tn := range turns {
		kinds[tn.Kind]++
	}
	if kinds[KindWithdrawn] != 1 || kinds[KindChallenge] != 1 || kinds[KindExchange] < 1 || kinds[KindPass] < 1 {
		t.Errorf("turn kinds %v", kinds)
	}
	// The record replays to the final scores.
	g, err := gcg.Read(strings.NewReader(rec.GCG), "game", lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.Replay(lex.Tiles, engine.StandardLayout(), -1)
	if err != nil {
		t.Fatal(err)
	}
	final := map[int]int{}
	for _, ev := range g.Events {
		final[ev.Player] = ev.Cumulative
	}
	if final[0] != pl || final[1] != at {
		t.Errorf("record ends %v, game %d-%d", final, pl, at)
	}
	_ = pos
	var timeEvents, withdrawn int
	for _, ev := range g.Events {
		switch ev.Kind {
		case gcg.TimePenalty:
			timeEvents++
			if ev.Score != -state.Penalty || ev.Player != 0 {
				t.Errorf("time penalty event %+v", ev)
			}
		case gcg.PhonyReturned:
			withdrawn++
		}
	}
	if timeEvents != 1 || withdrawn != 1 {
		t.Errorf("%d time penalty events, %d withdrawals", timeEvents, withdrawn)
	}
	// The end: the analysis counts the phony and both challenges lost (the phony's and the
	// challenge of a valid play), is kept with the game, and the costliest turns are puzzles.
	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	con, err := Conclude(ctx, st, lex, state, id, ConcludeOptions{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	sum := con.Report.Summary
	if sum.Phonies != 1 || sum.ChallengesLost != 2 || sum.Turns == 0 || con.Puzzles == 0 || con.GCGFile == "" {
		t.Errorf("conclusion: %+v, %d puzzles, record %q", sum, con.Puzzles, con.GCGFile)
	}
	if rec, _, _ := st.Game(ctx, id); rec.Analysis == nil || rec.Analysis.Turns != sum.Turns || rec.Analysis.Phonies != 1 {
		t.Errorf("stored analysis %+v", rec.Analysis)
	}
	var made int
	if err := st.DB().QueryRow(`SELECT count(*) FROM puzzles WHERE source = 'gcg' AND player = 'ana'`).Scan(&made); err != nil || made != con.Puzzles {
		t.Errorf("%d puzzles of ana's stored (%v), %d made", made, err, con.Puzzles)
	}
	// Dealt again from the seed, the stored turns make the same game.
	again, _, err := se.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if p2, a2 := again.Scores(); p2 != pl || a2 != at || again.End != state.End {
		t.Errorf("replayed %d-%d %s, played %d-%d %s", p2, a2, again.End, pl, at, state.End)
	}
}

// More than 8 minutes over loses the game on the spot: 80 points off, and a player still
// ahead is brought to one point below atril.
func TestLoseOnTime(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	clock := &testClock{t: t0}
	st := openStore(t, clock.Now)
	r, w := io.Pipe()
	var out bytes.Buffer
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	asked := 0
	se := &Session{Store: st, Lex: lex, Bot: bot, In: r, UI: ui.NewTerm(&out, false, 0, nil), P: i18n.For(i18n.English),
		Now: clock.Now, OnPrompt: func(s *State) {
			asked++
			if asked == 2 {
				clock.Add(time.Minute + MaxOvertime + time.Second)
			}
			gen.SetBoard(s.Game.Board)
			m := gen.Generate(s.Game.Rack(), movegen.Options{By: movegen.ByScore, Top: 1})
			fmt.Fprintln(w, engine.FormatMove(&m[0], s.Game.Board, lex.Tiles))
		}}
	ctx := context.Background()
	state, id, err := se.Start(ctx, Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 2, Seed: 3, Player: "ana", Clock: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	before := -1
	se.OnPrompt = func(next func(*State)) func(*State) {
		return func(s *State) {
			if asked == 1 {
				before, _ = s.Scores()
			}
			next(s)
		}
	}(se.OnPrompt)
	if _, err := se.Run(ctx, state, id); err != nil {
		t.Fatal(err)
	}
	w.Close()
	pl, at := state.Scores()
	if state.End != EndTime || asked != 2 || pl >= at {
		t.Fatalf("end %q after %d prompts, %d-%d\n%s", state.End, asked, pl, at, out.String())
	}
	if wantPen := max(80, before-at+1); state.Penalty != wantPen || pl != before-wantPen {
		t.Errorf("penalty %d (score %d from %d), want %d", state.Penalty, pl, before, wantPen)
	}
}

// With --lenient a phony stands: atril does not challenge, the play scores, and the analysis
// still names it.
func TestLenientPhonyStands(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	clock := &testClock{t: t0}
	st := openStore(t, clock.Now)
	r, w := io.Pipe()
	var out bytes.Buffer
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	var typed engine.Move
	se := &Session{Store: st, Lex: lex, Bot: bot, In: r, UI: ui.NewTerm(&out, false, 0, nil), P: i18n.For(i18n.English),
		Now: clock.Now, OnPrompt: func(s *State) {
			asked++
			if asked == 1 {
				m, ok := phony(lex, s.Game.Board, s.Game.Rack())
				if !ok {
					t.Error("no phony found")
					fmt.Fprintln(w, "q")
					return
				}
				typed = m
				fmt.Fprintln(w, engine.FormatMove(&m, s.Game.Board, lex.Tiles))
				return
			}
			fmt.Fprintln(w, "q")
		}}
	ctx := context.Background()
	state, id, err := se.Start(ctx, Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 1, Seed: 8, Player: "ana", Seat: 0, Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := se.Run(ctx, state, id)
	w.Close()
	if err != nil || res.Stopped != StoppedQuit {
		t.Fatalf("%v, stopped %q\n%s", err, res.Stopped, out.String())
	}
	_, turns, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) < 1 || turns[0].Kind != KindPlay || turns[0].Score != int(typed.Score) || typed.Score == 0 {
		t.Fatalf("turns %+v, typed %+v", turns, typed)
	}
	if pl, _ := state.Scores(); pl != int(typed.Score) || strings.Contains(out.String(), "play not valid") {
		t.Errorf("score %d, want %d\n%s", pl, typed.Score, out.String())
	}
}
