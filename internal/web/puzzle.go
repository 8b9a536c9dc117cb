package web

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/puzzles"
)

// Puzzles as `atril puzzle` serves them: the same service picks them, judges every try (the
// one acceptance rule, puzzles.Judge and puzzles.Accept) and saves it with its rating change;
// the board under the mouse only says where the tiles go.

// puzzleState is what the page remembers of a puzzle being solved (the store has the tries).
type puzzleState struct {
	shown time.Time
	tries int
	hints int
	ended bool
	mine  *puzzles.Play
	notes []template.HTML // the verdicts of the tries, hints, giving up
	kind  string          // the kind of puzzle asked for next
}

func (s *Server) puzzleService() *puzzles.Service {
	return &puzzles.Service{Store: s.cfg.Store, Lex: s.cfg.Lex, Table: s.cfg.Table, Known: s.cfg.Known}
}

// puzzleFilter is the kind of puzzle asked for ("" any).
func puzzleFilter(kind string) puzzles.Filter {
	k, _ := puzzles.ParseKind(kind)
	return puzzles.Filter{Kind: k}
}

type noPuzzleView struct {
	Kind string
}

// puzzleNext sends the browser to the unseen puzzle nearest the player's rating.
func (s *Server) puzzleNext(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	kind := r.URL.Query().Get("kind")
	if _, ok := puzzles.ParseKind(kind); !ok {
		kind = ""
	}
	pz, err := s.puzzleService().Next(r.Context(), puzzleFilter(kind))
	if errors.Is(err, puzzles.ErrNoPuzzle) {
		s.render(w, r, http.StatusOK, "nopuzzle", "puzzle", p.T("web.nav.puzzles"), noPuzzleView{Kind: kind})
		return
	}
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	to := "/puzzle/" + strconv.FormatInt(pz.ID, 10)
	if kind != "" {
		to += "?kind=" + kind
	}
	redirect(w, r, to)
}

type puzzleView struct {
	ID       int64
	Kind     string // the kind asked for next
	Best     bool
	Board    template.HTML
	Rack     template.HTML
	Letters  string
	Info     template.HTML
	Notes    []template.HTML
	Ended    bool
	Solution template.HTML
	Tries    int
	Hints    int
	MaxHints int
	Prompt   string
}

// state is the page's memory of puzzle id, made when it is first shown.
func (s *Server) puzzleState(id int64, kind string) *puzzleState {
	s.mu.Lock()
	defer s.mu.Unlock()
	ps := s.puzzles[id]
	if ps == nil {
		if len(s.puzzles) >= 256 {
			clear(s.puzzles)
		}
		ps = &puzzleState{shown: s.cfg.Now(), kind: kind}
		s.puzzles[id] = ps
	}
	return ps
}

func (s *Server) loadPuzzle(w http.ResponseWriter, r *http.Request) (*puzzles.Service, *puzzles.Puzzle, *puzzleState, bool) {
	id, ok := atoi64(r.PathValue("id"))
	if !ok {
		s.fail(w, r, http.StatusNotFound, nil)
		return nil, nil, nil, false
	}
	svc := s.puzzleService()
	pz, err := svc.Puzzle(r.Context(), id)
	if err != nil {
		var ie *i18n.Error
		if errors.As(err, &ie) {
			s.fail(w, r, http.StatusNotFound, err)
		} else {
			s.fail(w, r, http.StatusInternalServerError, err)
		}
		return nil, nil, nil, false
	}
	kind := r.URL.Query().Get("kind")
	if kind == "" {
		kind = r.PostFormValue("next")
	}
	if _, ok := puzzles.ParseKind(kind); !ok {
		kind = ""
	}
	return svc, pz, s.puzzleState(id, kind), true
}

func (s *Server) puzzleShow(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	svc, pz, ps, ok := s.loadPuzzle(w, r)
	if !ok {
		return
	}
	player, _, err := svc.PlayerRating(r.Context())
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v := puzzleView{ID: pz.ID, Kind: ps.kind, Best: pz.Kind != puzzles.KindBingo, Notes: ps.notes, Ended: ps.ended,
		Tries: ps.tries, Hints: ps.hints, MaxHints: puzzles.Hints, Letters: lettersAttr(pz.Position.Tiles)}
	v.Prompt = p.T("web.puzzle.prompt_bingo")
	if v.Best {
		v.Prompt = p.T("web.puzzle.prompt_best")
	}
	// The puzzle as `atril puzzle` shows it, its board drawn apart (under the mouse).
	skip := func(string) (string, bool) { return "", true }
	info := puzzles.PuzzleDoc(term(), p, pz, player, func(*ui.Term, *i18n.Printer, *engine.Position, *engine.Move) string { return "" })
	v.Info = template.HTML(info.HTML(ui.HTMLOptions{Pre: skip}))
	if ps.ended {
		bp := &boardPre{p: p}
		sol := puzzles.SolutionDoc(term(), p, pz, 5, bp.draw, ps.mine)
		v.Solution = template.HTML(sol.HTML(ui.HTMLOptions{Pre: func(string) (string, bool) { return "", true }}))
		if len(bp.boards) > 0 {
			v.Board = bp.boards[0] // the board after the answer (or the player's right play)
		} else {
			v.Board = boardHTML(p, pz.Position, nil, false)
		}
	} else {
		v.Board = boardHTML(p, pz.Position, nil, true)
		v.Rack = rackHTML(pz.Position.Tiles, pz.Rack())
	}
	s.render(w, r, http.StatusOK, "puzzle", "puzzle", p.T("web.puzzle_title", "ID", pz.ID), v)
}

// puzzleSession is the solving session the tries are filed under, opened by the first.
func (s *Server) puzzleSession(ctx context.Context, svc *puzzles.Service) int64 {
	if s.puzzleID == 0 {
		id, err := svc.StartSession(ctx, puzzles.Filter{})
		if err != nil {
			s.logf("puzzle session: %v", err)
			return 0
		}
		s.puzzleID = id
	}
	return s.puzzleID
}

// puzzleAnswer judges a try (placed on the board, or typed) and saves it.
func (s *Server) puzzleAnswer(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	svc, pz, ps, ok := s.loadPuzzle(w, r)
	if !ok {
		return
	}
	back := s.puzzleURL(pz.ID, ps)
	s.mu.Lock()
	defer s.mu.Unlock()
	if ps.ended {
		redirect(w, r, back)
		return
	}
	note := func(st ui.Style, text string) {
		ps.notes = append(ps.notes, template.HTML(`<p>`+ui.Inline(term().Paint(st, text))+`</p>`))
	}
	input, err := formMove(r, pz.Position.Board, pz.Position.Tiles)
	if err != nil {
		note(ui.Warn, p.Err(err))
		redirect(w, r, back)
		return
	}
	if input == "" {
		redirect(w, r, back)
		return
	}
	ctx := context.WithoutCancel(r.Context())
	out, err := svc.Answer(ctx, pz, input, s.cfg.Now().Sub(ps.shown), s.puzzleSession(ctx, svc))
	if err != nil {
		var ie *i18n.Error
		if errors.As(err, &ie) {
			note(ui.Warn, p.Err(err)) // not a move: said, not a try
			redirect(w, r, back)
			return
		}
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	ps.notes = append(ps.notes, template.HTML(puzzles.TryDoc(term(), p, pz, out).HTML(ui.HTMLOptions{})))
	if out.Saved {
		ps.tries++
		if out.Judgement.Correct {
			ps.ended, ps.mine = true, out.Judgement.Play
		} else if ps.tries == 1 {
			note(ui.Dim, p.T("web.puzzle.try_again"))
		}
	}
	redirect(w, r, back)
}

func (s *Server) puzzleURL(id int64, ps *puzzleState) string {
	u := "/puzzle/" + strconv.FormatInt(id, 10)
	if ps.kind != "" {
		u += "?kind=" + ps.kind
	}
	return u
}

// puzzleHint shows the next hint after a wrong try, and saves that it was shown.
func (s *Server) puzzleHint(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	svc, pz, ps, ok := s.loadPuzzle(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	note := func(st ui.Style, text string) {
		ps.notes = append(ps.notes, template.HTML(`<p>`+ui.Inline(term().Paint(st, text))+`</p>`))
	}
	switch {
	case ps.ended:
	case ps.tries == 0:
		note(ui.Dim, p.T("puzzle.hint_after_try"))
	case ps.hints >= puzzles.Hints:
		note(ui.Dim, p.T("puzzle.no_more_hints"))
	default:
		ps.hints++
		ctx := context.WithoutCancel(r.Context())
		h, err := svc.Hint(ctx, pz, p, ps.hints, s.cfg.Now().Sub(ps.shown), s.puzzleSession(ctx, svc))
		if err != nil {
			s.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		note(ui.Warn, p.T("puzzle.hint_label", "N", ps.hints)+" "+h)
	}
	redirect(w, r, s.puzzleURL(pz.ID, ps))
}

// puzzleGiveUp saves giving up (a loss when it is the first attempt) and shows the solution.
func (s *Server) puzzleGiveUp(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	svc, pz, ps, ok := s.loadPuzzle(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !ps.ended {
		ctx := context.WithoutCancel(r.Context())
		out, err := svc.GiveUp(ctx, pz, s.cfg.Now().Sub(ps.shown), s.puzzleSession(ctx, svc))
		if err != nil {
			s.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		d := ui.NewDoc().P(term().Paint(ui.Bad, p.T("puzzle.gave_up")))
		if out.Rated {
			d.Note(puzzles.RatingChange(p, out))
		}
		ps.notes = append(ps.notes, template.HTML(d.HTML(ui.HTMLOptions{})))
		ps.ended = true
	}
	redirect(w, r, s.puzzleURL(pz.ID, ps))
}
