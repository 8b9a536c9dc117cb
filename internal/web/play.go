package web

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// A game against atril, as `atril play` plays it: the game is dealt from its seed and its
// turns replayed from the store on every request (drills/play), each turn saved the moment it
// is made; the page only says where the tiles go.

// gameState is what the page remembers of a game (the store has the game).
type gameState struct {
	bot   *play.Bot
	shown time.Time       // when the player's turn began
	notes []template.HTML // what the last turns did
	end   template.HTML   // how it ended and its analysis
}

func (s *Server) gameState(id int64) *gameState {
	s.mu.Lock()
	defer s.mu.Unlock()
	gs := s.games[id]
	if gs == nil {
		if len(s.games) >= 64 {
			clear(s.games)
		}
		gs = &gameState{shown: s.cfg.Now()}
		s.games[id] = gs
	}
	return gs
}

func (s *Server) playSession(p *i18n.Printer) *play.Session {
	return &play.Session{Store: s.cfg.Store, Lex: s.cfg.Lex, P: p, UI: term(), Now: s.cfg.Now}
}

type playStartView struct {
	Unfinished int64
	Levels     []int
	Default    int
	Error      string
}

// playPage offers a new game, or to go on with the unfinished one.
func (s *Server) playPage(w http.ResponseWriter, r *http.Request) {
	s.playStart(w, r, http.StatusOK, "")
}

func (s *Server) playStart(w http.ResponseWriter, r *http.Request, status int, msg string) {
	p := s.printer(r)
	v := playStartView{Default: play.DefaultLevel, Error: msg}
	for l := play.MinLevel; l <= play.MaxLevel; l++ {
		v.Levels = append(v.Levels, l)
	}
	if g, err := s.cfg.Store.LastUnfinishedGame(r.Context()); err == nil {
		v.Unfinished = g.ID
	} else if !errors.Is(err, studystore.ErrNoGame) {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.render(w, r, status, "playstart", "play", p.T("web.nav.play"), v)
}

// playNew deals a new game with the settings chosen, as `atril play --level N --first WHO`.
func (s *Server) playNew(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	level, err := strconv.Atoi(r.PostFormValue("level"))
	if err != nil || level < play.MinLevel || level > play.MaxLevel {
		s.playStart(w, r, http.StatusBadRequest, p.Err(i18n.E("play.bad_level", "Level", r.PostFormValue("level"), "Min", play.MinLevel, "Max", play.MaxLevel)))
		return
	}
	seed := uint64(s.cfg.Now().UnixNano())
	seat := 0
	switch r.PostFormValue("first") {
	case "atril":
		seat = 1
	case "you":
	default:
		seat = int(game.GameSeed(seed, 1) & 1)
	}
	var clock time.Duration
	if m, err := strconv.Atoi(r.PostFormValue("clock")); err == nil && m > 0 && m <= 120 {
		clock = time.Duration(m) * time.Minute
	}
	name := play.PlayerName(p, strings.TrimSpace(r.PostFormValue("name")))
	lex := s.cfg.Lex
	settings := play.Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Leaves: s.cfg.Table.Info.Name, Level: level, Seed: seed,
		Player: name, Seat: seat, Clock: clock, Lenient: r.PostFormValue("lenient") != ""}
	se := s.playSession(p)
	ctx := context.WithoutCancel(r.Context())
	st, id, err := se.Start(ctx, settings)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	gs := s.gameState(id)
	if err := s.engineMoves(ctx, se, st, id, gs); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	redirect(w, r, "/play/"+strconv.FormatInt(id, 10))
}

// loadGame deals game id again and replays its turns.
func (s *Server) loadGame(w http.ResponseWriter, r *http.Request, p *i18n.Printer) (*play.Session, *play.State, int64, *gameState, bool) {
	id, ok := atoi64(r.PathValue("id"))
	if !ok {
		s.fail(w, r, http.StatusNotFound, nil)
		return nil, nil, 0, nil, false
	}
	se := s.playSession(p)
	st, _, err := se.Load(r.Context(), id)
	if err != nil {
		var ie *i18n.Error
		if errors.Is(err, studystore.ErrNoGame) || errors.As(err, &ie) {
			s.fail(w, r, http.StatusNotFound, err)
		} else {
			s.fail(w, r, http.StatusInternalServerError, err)
		}
		return nil, nil, 0, nil, false
	}
	gs := s.gameState(id)
	if gs.bot == nil {
		bot, err := play.NewBot(play.BotConfig{Lexicon: s.cfg.Lex, Level: st.Settings.Level, Leaves: s.cfg.Table.Leaves,
			Seed: st.Settings.Seed})
		if err != nil {
			s.fail(w, r, http.StatusInternalServerError, err)
			return nil, nil, 0, nil, false
		}
		gs.bot = bot
	}
	se.Bot = gs.bot
	return se, st, id, gs, true
}

// engineMoves lets atril play while it is its turn; when the game ends, it is stored and
// studied (as `atril play` ends).
func (s *Server) engineMoves(ctx context.Context, se *play.Session, st *play.State, id int64, gs *gameState) error {
	if se.Bot == nil {
		bot, err := play.NewBot(play.BotConfig{Lexicon: s.cfg.Lex, Level: st.Settings.Level, Leaves: s.cfg.Table.Leaves,
			Seed: st.Settings.Seed})
		if err != nil {
			return err
		}
		gs.bot, se.Bot = bot, bot
	}
	for !st.Over() && !st.PlayerToMove() {
		_, text, err := se.EngineTurn(ctx, st, id)
		if err != nil {
			return err
		}
		gs.notes = append(gs.notes, template.HTML("<p>"+ui.Inline(term().Paint(ui.Bold, text))+"</p>"))
	}
	gs.shown = s.cfg.Now()
	if st.Over() {
		return s.concludeGame(ctx, se, st, id, gs)
	}
	return nil
}

func (s *Server) concludeGame(ctx context.Context, se *play.Session, st *play.State, id int64, gs *gameState) error {
	if err := se.Finish(ctx, st, id); err != nil {
		return err
	}
	p, t := se.P, se.UI
	html := play.EndDoc(t, p, st).HTML(ui.HTMLOptions{})
	con, err := play.Conclude(ctx, s.cfg.Store, s.cfg.Lex, st, id, play.ConcludeOptions{Table: s.cfg.Table, Endgame: s.cfg.Endgame,
		PuzzleLoss: play.DefaultPuzzleLoss})
	if con != nil && con.Report != nil {
		html += play.ConclusionDoc(t, p, s.cfg.Lex.Tiles, id, con).HTML(ui.HTMLOptions{})
	}
	gs.end = template.HTML(html)
	if err != nil {
		s.logf("game %d: analysis: %v", id, err)
	}
	return nil
}

type playView struct {
	ID       int64
	Board    template.HTML
	Rack     template.HTML
	Letters  string
	Info     template.HTML
	Notes    []template.HTML
	YourTurn bool
	Over     bool
	End      template.HTML
	Clock    int // seconds left on the player's clock (negative: over), when there is one
	HasClock bool
	CanSwap  bool
}

func (s *Server) playShow(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	se, st, id, gs, ok := s.loadGame(w, r, p)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st.Over() && gs.end == "" {
		// A game that ended elsewhere (the CLI), or before this server: its end as stored.
		gs.end = template.HTML(play.EndDoc(term(), p, st).HTML(ui.HTMLOptions{}))
	}
	last := st.LastEnginePlay()
	v := playView{ID: id, Notes: gs.notes, YourTurn: st.PlayerToMove() && !st.Over(), Over: st.Over(), End: gs.end,
		Letters: lettersAttr(s.cfg.Lex.Tiles), CanSwap: st.Game.CanExchange(1)}
	if len(v.Notes) > 6 {
		v.Notes = v.Notes[len(v.Notes)-6:]
	}
	v.Board = boardHTML(p, st.Game.Position(), last, v.YourTurn)
	if v.YourTurn {
		v.Rack = rackHTML(s.cfg.Lex.Tiles, lexicon.Alphagram(st.Game.Rack()))
	}
	doc := se.StateDoc(st, nil)
	v.Info = template.HTML(doc.HTML(ui.HTMLOptions{}))
	if st.Settings.Clock > 0 {
		v.HasClock = true
		v.Clock = int((st.Settings.Clock - st.Used - s.cfg.Now().Sub(gs.shown)) / time.Second)
	}
	s.render(w, r, http.StatusOK, "play", "play", p.T("web.play_title", "ID", id), v)
}

// playTurn makes the player's turn (placed on the board, typed, an exchange, a pass or a
// challenge), saves it, lets atril answer, and shows the game again.
func (s *Server) playTurn(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	se, st, id, gs, ok := s.loadGame(w, r, p)
	if !ok {
		return
	}
	back := "/play/" + strconv.FormatInt(id, 10)
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx := context.WithoutCancel(r.Context())
	note := func(style ui.Style, text string) {
		gs.notes = append(gs.notes, template.HTML("<p>"+ui.Inline(term().Paint(style, text))+"</p>"))
	}
	if st.Over() {
		redirect(w, r, back)
		return
	}
	if !st.PlayerToMove() {
		if err := s.engineMoves(ctx, se, st, id, gs); err != nil {
			s.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		redirect(w, r, back)
		return
	}
	ts := s.cfg.Lex.Tiles
	var in string
	switch r.PostFormValue("action") {
	case "pass":
		in = "pass"
	case "challenge":
		in = "challenge"
	case "exchange":
		var tiles []lexicon.Tile
		for _, l := range strings.Fields(r.PostFormValue("exchange")) {
			if l == "?" {
				tiles = append(tiles, lexicon.Blank)
				continue
			}
			t, ok := ts.Tile(strings.ToUpper(l))
			if !ok {
				note(ui.Warn, p.T("web.err.placements"))
				redirect(w, r, back)
				return
			}
			tiles = append(tiles, t)
		}
		if len(tiles) == 0 {
			redirect(w, r, back)
			return
		}
		m := engine.Move{Kind: engine.Exchange, Len: uint8(len(tiles))}
		copy(m.Tiles[:], tiles)
		in = engine.FormatMove(&m, nil, ts)
	default:
		var err error
		if in, err = formMove(r, st.Game.Board, ts); err != nil {
			note(ui.Warn, p.Err(err))
			redirect(w, r, back)
			return
		}
	}
	if in == "" {
		redirect(w, r, back)
		return
	}
	rep, err := se.Turn(ctx, st, id, in, s.cfg.Now().Sub(gs.shown))
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	if rep.Refused != nil {
		note(ui.Warn, p.Err(rep.Refused))
		redirect(w, r, back)
		return
	}
	gs.notes = append(gs.notes[:0], template.HTML("<p>"+ui.Inline(term().Paint(rep.Style, rep.Text))+"</p>"))
	if err := s.engineMoves(ctx, se, st, id, gs); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	redirect(w, r, back)
}
