package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/boardtext"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles"
)

// Chooser picks the engine's moves (Bot does).
type Chooser interface {
	Choose(ctx context.Context, g *game.Game) (engine.Move, error)
}

// BoardDrawer draws a position's board as `atril show` does, the tiles of last (if any)
// highlighted; commands give theirs, so that every board looks the same.
type BoardDrawer func(t *ui.Term, p *i18n.Printer, pos *engine.Position, last *engine.Move) string

// Session plays a game on a terminal or from a pipe: it shows the board before each of the
// player's turns, reads the player's turns a line at a time, lets the engine answer, and saves
// every turn the moment it is made. Ctrl-D, "q" or a cancelled context stop it; the game goes
// on later with Resume.
type Session struct {
	Store  *studystore.Store
	Lex    *lexicon.Lexicon
	Layout *engine.Layout // nil: the standard board
	Bot    Chooser
	In     io.Reader
	UI     *ui.Term
	P      *i18n.Printer
	Now    func() time.Time
	// Echo writes each line read after its prompt (input from a pipe, which no terminal echoes).
	Echo bool
	Draw BoardDrawer
	// OnPrompt, if set, sees the game each time the player is asked for a turn, before the
	// prompt (tests script games with it; it must not change the state).
	OnPrompt func(s *State)
}

// Stopped says why Run returned.
const (
	StoppedFinished    = "finished"
	StoppedQuit        = "quit"
	StoppedEndOfInput  = "end of input"
	StoppedInterrupted = "interrupted"
)

// ErrNoGame is returned by Resume when there is no unfinished game.
var ErrNoGame = errors.New("no unfinished game")

func (se *Session) layout() *engine.Layout {
	if se.Layout == nil {
		return engine.StandardLayout()
	}
	return se.Layout
}

func (se *Session) now() time.Time {
	if se.Now == nil {
		return time.Now()
	}
	return se.Now()
}

// Start deals a new game and stores it.
func (se *Session) Start(ctx context.Context, s Settings) (*State, int64, error) {
	s.Player = Nick(s.Player)
	st, err := NewState(s, se.Lex, se.layout())
	if err != nil {
		return nil, 0, err
	}
	opts, err := json.Marshal(s)
	if err != nil {
		return nil, 0, err
	}
	id, err := se.Store.StartGame(ctx, studystore.GameRecord{Lexicon: s.Lexicon, Tiles: s.Tiles, Leaves: s.Leaves, Level: s.Level,
		Seed: s.Seed, Player: s.Player, Seat: s.Seat, Clock: s.Clock, Options: opts})
	if err != nil {
		return nil, 0, err
	}
	return st, id, nil
}

// StoredSettings are the settings a stored game was started with.
func StoredSettings(rec studystore.GameRecord) (Settings, error) {
	var s Settings
	if err := json.Unmarshal(rec.Options, &s); err != nil {
		return s, i18n.Wrap(err, "play.bad_options", "ID", rec.ID)
	}
	s.Lexicon, s.Tiles, s.Leaves, s.Level, s.Seed = rec.Lexicon, rec.Tiles, rec.Leaves, rec.Level, rec.Seed
	s.Player, s.Seat, s.Clock = rec.Player, rec.Seat, rec.Clock
	return s, nil
}

// Resume deals the unfinished game played last again and replays its turns. ErrNoGame when
// there is none.
func (se *Session) Resume(ctx context.Context) (*State, int64, error) {
	rec, err := se.Store.LastUnfinishedGame(ctx)
	if errors.Is(err, studystore.ErrNoGame) {
		return nil, 0, ErrNoGame
	}
	if err != nil {
		return nil, 0, err
	}
	return se.Load(ctx, rec.ID)
}

// Load deals stored game id again and replays its turns.
func (se *Session) Load(ctx context.Context, id int64) (*State, int64, error) {
	rec, turns, err := se.Store.Game(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	if rec.Lexicon != se.Lex.Name || rec.Tiles != se.Lex.Tiles.Name {
		return nil, 0, i18n.E("play.other_lexicon", "ID", id, "Lexicon", rec.Lexicon, "Tiles", rec.Tiles,
			"Current", se.Lex.Name, "CurrentTiles", se.Lex.Tiles.Name)
	}
	s, err := StoredSettings(rec)
	if err != nil {
		return nil, 0, err
	}
	st, err := Replay(rec, s, turns, se.Lex, se.layout())
	if err != nil {
		return nil, 0, err
	}
	return st, id, nil
}

// Outcome is how a session ended.
type Outcome struct {
	ID      int64
	State   *State
	Stopped string
}

// command words typed instead of a move.
func isWord(s string, words ...string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, w := range words {
		if s == w {
			return true
		}
	}
	return false
}

func isQuit(s string) bool  { return isWord(s, "q", "quit", "salir", "exit") }
func isHelp(s string) bool  { return isWord(s, "?", "help", "ayuda") }
func isBoard(s string) bool { return isWord(s, "board", "tablero") }
func isChallenge(s string) bool {
	return isWord(s, "challenge", "desafío", "desafio", "impugno", "impugnar", "consulta", "cuestiono")
}
func isPass(s string) bool { return isWord(s, "pass", "paso", "pasar", "-") }

// Run plays game st (stored as id) until it ends, the player stops, the input ends or ctx is
// cancelled. Every turn is saved as it is made. When the game ends its result and record are
// stored.
func (se *Session) Run(ctx context.Context, st *State, id int64) (*Outcome, error) {
	p, t := se.P, se.UI
	out := &Outcome{ID: id, State: st, Stopped: StoppedFinished}
	lines := make(chan lexicon.InputLine)
	done := make(chan struct{})
	defer close(done)
	go lexicon.ReadLines(se.In, lines, done)
	say := func(d *ui.Doc) error { return t.Print(d) }
	if st.Over() {
		return out, nil
	}
	lastEngine := st.lastEnginePlay() // atril's last play, drawn as just played
	if len(st.Turns) > 0 {
		if err := say(ui.NewDoc().P(p.T("play.resumed", "ID", id, "Turns", len(st.Turns)))); err != nil {
			return out, err
		}
	}
	for !st.Over() {
		if ctx.Err() != nil {
			out.Stopped = StoppedInterrupted
			return out, nil
		}
		if !st.PlayerToMove() {
			m, err := se.Bot.Choose(ctx, st.Game)
			if err != nil {
				if ctx.Err() != nil {
					out.Stopped = StoppedInterrupted
					return out, nil
				}
				return out, err
			}
			text, err := se.engineTurn(ctx, st, id, &m)
			if err != nil {
				return out, err
			}
			if m.Kind == engine.Play {
				mm := m
				lastEngine = &mm
			} else {
				lastEngine = nil
			}
			if err := say(ui.NewDoc().P(t.Paint(ui.Bold, text))); err != nil {
				return out, err
			}
			continue
		}
		stop, err := se.playerTurn(ctx, st, id, lines, lastEngine)
		if err != nil {
			return out, err
		}
		if stop != "" {
			out.Stopped = stop
			return out, nil
		}
	}
	return out, se.Finish(ctx, st, id)
}

// save applies a turn and stores it.
func (se *Session) save(ctx context.Context, st *State, id int64, turn studystore.GameTurn) error {
	turn.N = len(st.Turns)
	turn.Rack = st.Game.Tiles.Notation(lexicon.Alphagram(st.Game.Rack()))
	if turn.Kind == KindChallenge {
		turn.Rack = ""
	}
	turn.At = se.now()
	if err := st.apply(turn); err != nil {
		return err
	}
	pl, at := st.Scores()
	// Saved even once ctx is cancelled: a turn made is kept.
	return se.Store.AddGameTurn(context.WithoutCancel(ctx), id, turn, pl, at)
}

// engineTurn plays and saves atril's move and says what it was.
func (se *Session) engineTurn(ctx context.Context, st *State, id int64, m *engine.Move) (string, error) {
	ts := se.Lex.Tiles
	p := se.P
	board := st.Game.Board.Clone()
	turn := studystore.GameTurn{Seat: st.EngineSeat(), Move: engine.FormatMove(m, nil, ts)}
	switch m.Kind {
	case engine.Play:
		turn.Kind, turn.Score = KindPlay, int(m.Score)
	case engine.Exchange:
		turn.Kind = KindExchange
	default:
		turn.Kind = KindPass
	}
	if err := se.save(ctx, st, id, turn); err != nil {
		return "", err
	}
	pl, at := st.Scores()
	var text string
	switch m.Kind {
	case engine.Play:
		id := "play.engine_played"
		word := playedWord(m, board, ts)
		if word == "" {
			id = "play.engine_played_plain"
		}
		text = p.T(id, "Move", engine.FormatMove(m, board, ts), "Word", word,
			"Score", p.Int(int(m.Score)), "Atril", p.Int(at), "You", p.Int(pl))
	case engine.Exchange:
		text = p.N("play.engine_exchanged", int(m.Len), "Atril", p.Int(at), "You", p.Int(pl))
	default:
		text = p.T("play.engine_passed", "Atril", p.Int(at), "You", p.Int(pl))
	}
	if b, ok := se.Bot.(*Bot); ok && b.Last().Capped {
		// Level 5 stopped at its safety cap: this move may not come again from the same seed.
		text += " " + p.T("play.engine_capped", "Think", b.cfg.Think.String())
	}
	return text, nil
}

// playedWord is a play's whole word in plain upper case when it reads otherwise in the move's
// notation (through-tiles in parentheses, blanks in lower case, digraphs in brackets: CA(SA)
// is CASA), and "" when the notation already reads as the word (8H DISUENE). board is the
// board before the play.
func playedWord(m *engine.Move, board *engine.Board, ts *lexicon.TileSet) string {
	word := engine.FormatWord(m, board, ts)
	if engine.FormatPlayedTiles(m, board, ts) == word {
		return ""
	}
	return word
}

// playerTurn shows the game and reads the player's turn until one is made; it returns why the
// session must stop ("" to go on).
func (se *Session) playerTurn(ctx context.Context, st *State, id int64, lines <-chan lexicon.InputLine, lastEngine *engine.Move) (string, error) {
	p, t := se.P, se.UI
	if err := t.Print(se.StateDoc(st, lastEngine)); err != nil {
		return "", err
	}
	start := se.now()
	for {
		if se.OnPrompt != nil {
			se.OnPrompt(st)
		}
		prompt := p.T("play.prompt")
		if st.Settings.Clock > 0 {
			prompt = clockText(p, st.Settings.Clock-st.Used-se.now().Sub(start)) + " " + prompt
		}
		if _, err := fmt.Fprint(t.W, t.Paint(ui.Accent, prompt)+" "); err != nil {
			return "", err
		}
		var in string
		select {
		case <-ctx.Done():
			fmt.Fprintln(t.W)
			return StoppedInterrupted, nil
		case l, open := <-lines:
			if !open {
				fmt.Fprintln(t.W)
				return StoppedEndOfInput, nil
			}
			if l.Err != nil {
				return "", l.Err
			}
			if l.TooLong {
				fmt.Fprintln(t.W, p.T("fileio.answer_too_long", "Max", fileio.Size(lexicon.MaxAnswerLine)))
				continue
			}
			if se.Echo {
				fmt.Fprintln(t.W, l.Text)
			}
			in = strings.TrimSpace(l.Text)
		}
		think := se.now().Sub(start)
		if se.OutOfTime(st, think) {
			return "", t.Print(ui.NewDoc().P(t.Paint(ui.Bad, p.T("play.lost_on_time"))))
		}
		say := func(style ui.Style, text string) error { return t.Print(ui.NewDoc().P(t.Paint(style, text))) }
		switch {
		case in == "":
			continue
		case isQuit(in):
			return StoppedQuit, say(ui.Normal, p.T("play.saved", "ID", id))
		case isHelp(in):
			if err := t.Print(ui.NewDoc().Note(p.T("play.help"))); err != nil {
				return "", err
			}
			continue
		case isBoard(in):
			if err := t.Print(se.StateDoc(st, lastEngine)); err != nil {
				return "", err
			}
			continue
		}
		r, err := se.Turn(ctx, st, id, in, think)
		if err != nil {
			return "", err
		}
		if r.Refused != nil {
			if err := say(ui.Warn, p.Err(r.Refused)); err != nil {
				return "", err
			}
			continue
		}
		if err := say(r.Style, r.Text); err != nil {
			return "", err
		}
		if r.Made {
			return "", nil
		}
	}
}

// readTurn reads a typed turn: a play, an exchange or a pass. The error says what is wrong with
// one that cannot be made (not a turn: the player types again); a play with a word not in the
// lexicon is a phony, withdrawn at once unless the game is lenient.
func (se *Session) readTurn(st *State, in string) (studystore.GameTurn, error) {
	ts := se.Lex.Tiles
	g := st.Game
	rack := g.Rack()
	if isPass(in) {
		return studystore.GameTurn{Kind: KindPass, Move: "-"}, nil
	}
	if strings.ToLower(in) == in {
		// No capital at all: lower case cannot be telling blanks apart (the validator finds the
		// blank a player means where it costs the fewest points), as puzzles read answers.
		in = strings.ToUpper(in)
	}
	m, err := engine.ParseMove(in, g.Board, ts)
	if err != nil {
		return studystore.GameTurn{}, i18n.Wrap(err, "play.bad_move", "Input", in)
	}
	switch m.Kind {
	case engine.Pass:
		return studystore.GameTurn{Kind: KindPass, Move: "-"}, nil
	case engine.Exchange:
		if _, ok := analysis.LeaveAfter(rack, &m); !ok {
			return studystore.GameTurn{}, exchangeRefusal(ts, rack, &m)
		}
		if !g.CanExchange(int(m.Len)) {
			return studystore.GameTurn{}, i18n.E("play.cannot_exchange", "Count", int(m.Len), "Bag", g.Bag.Len())
		}
		return studystore.GameTurn{Kind: KindExchange, Move: engine.FormatMove(&m, nil, ts)}, nil
	}
	v := engine.Check(g.Board, &m, ts, se.Lex, rack)
	for _, pr := range v.Problems {
		if pr.Kind != engine.ProblemNotAWord {
			return studystore.GameTurn{}, i18n.Wrap(pr.Reason, "play.cannot_play", "Input", in)
		}
	}
	turn := studystore.GameTurn{Kind: KindPlay, Move: engine.FormatMove(&v.Move, nil, ts), Score: v.Score}
	if !v.Legal && !st.Settings.Lenient {
		turn.Kind = KindWithdrawn
	}
	return turn, nil
}

// exchangeRefusal says that an exchange's tiles are not all on rack, showing the rack as the
// game does (alphagram, tiles apart). Typed as players write, RR is the digraph tile: when the
// rack holds that digraph's letters as single tiles instead, the error says how to write them
// ([R][R]), the likeliest meaning of a player typing -RR with two R tiles.
func exchangeRefusal(ts *lexicon.TileSet, rack []lexicon.Tile, m *engine.Move) error {
	shown := puzzles.RackText(ts, lexicon.Alphagram(rack))
	tiles := m.Tiles[:m.Len]
	for i, t := range tiles {
		if !ts.IsDigraph(t) || slices.Contains(rack, t) {
			continue
		}
		label := ts.Label(t)
		var singles []lexicon.Tile
		for _, r := range label {
			s, ok := ts.Tile(string(r))
			if !ok {
				break
			}
			singles = append(singles, s)
		}
		if len(singles) != 2 {
			continue
		}
		split := engine.Move{Kind: engine.Exchange}
		for _, u := range slices.Concat(tiles[:i], singles, tiles[i+1:]) {
			if int(split.Len) == len(split.Tiles) {
				break
			}
			split.Tiles[split.Len] = u
			split.Len++
		}
		if int(split.Len) != len(tiles)+1 {
			continue
		}
		if _, ok := analysis.LeaveAfter(rack, &split); !ok {
			continue
		}
		// Each tile bracketed, as players write single tiles by hand, rather than Notation's
		// shortest [R]R.
		written := "[" + ts.Label(singles[0]) + "][" + ts.Label(singles[1]) + "]"
		hint := i18n.E("play.write_single_pair", "Digraph", label, "First", ts.Label(singles[0]), "Second", ts.Label(singles[1]), "Singles", written)
		if singles[0] == singles[1] {
			hint = i18n.E("play.write_single_two", "Digraph", label, "Letter", ts.Label(singles[0]), "Singles", written)
		}
		return i18n.Wrap(hint, "play.exchange_not_on_rack_hint", "Rack", shown)
	}
	return i18n.E("play.exchange_not_on_rack", "Rack", shown)
}

// clockText is the player's clock: the time left, or how far over.
func clockText(p *i18n.Printer, left time.Duration) string {
	if left >= 0 {
		return p.T("play.clock_left", "Time", mmss(left))
	}
	return p.T("play.clock_over", "Time", mmss(-left))
}

func mmss(d time.Duration) string {
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// StateDoc shows the game before the player's turn: the board, the racks' owners and scores,
// the player's rack, the bag and the unseen tiles (or only their number without tracking), the
// clock.
func (se *Session) StateDoc(st *State, last *engine.Move) *ui.Doc {
	p, t := se.P, se.UI
	ts := se.Lex.Tiles
	pos := st.Game.Position()
	d := ui.NewDoc()
	if se.Draw != nil {
		d.Pre(se.Draw(t, p, pos, last))
	}
	pl, at := st.Scores()
	unseen := st.Unseen()
	kv := [][2]string{
		{p.T("play.scores"), p.T("play.scores_value", "You", p.Int(pl), "Atril", p.Int(at))},
		{p.T("play.rack"), t.Paint(ui.Accent, puzzles.RackText(ts, lexicon.Alphagram(st.Game.Rack())))},
		{p.T("play.bag"), p.N("play.count.tiles", st.Game.Bag.Len())},
	}
	if st.Settings.NoTracking {
		kv = append(kv, [2]string{p.T("play.unseen"), p.N("play.count.tiles", len(unseen))})
	} else {
		kv = append(kv, [2]string{p.T("play.unseen"), p.T("play.unseen_value", "Count", p.Int(len(unseen)), "Tiles", boardtext.TileCounts(p, ts, unseen))})
	}
	d.KV(kv...)
	return d
}
