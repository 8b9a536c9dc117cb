package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// drillChoice is one drill on the drills page, with its options as the command's flags have
// them (the same defaults).
type drillChoice struct {
	Kind  string
	Name  string
	Short string
	// Options shown: length (a number or a range), ranks, blanks, racks share.
	Length, Ranks string
	Blanks        bool
	Count         int
}

type drillMenuView struct {
	Drills []drillChoice
	Error  string
	Decks  []string // decks whose cards a drill can ask
}

// drillShorts are the drills' one-line descriptions: the commands' own.
func drillChoices(p *i18n.Printer) []drillChoice {
	return []drillChoice{
		{Kind: "twos", Name: drills.KindName(p, drills.KindTwos), Short: p.T("drill.twos.short"), Count: 20},
		{Kind: "anagram", Name: drills.KindName(p, drills.KindAnagram), Short: p.T("drill.anagram.short"), Length: "7", Ranks: "1-1000", Blanks: true, Count: 20},
		{Kind: "digraphs", Name: drills.KindName(p, drills.KindDigraphs), Short: p.T("drill.digraphs.short"), Length: "2-5", Count: 20},
		{Kind: "hooks", Name: drills.KindName(p, drills.KindHooks), Short: p.T("drill.hooks.short"), Length: "2-4", Ranks: "", Count: 20},
		{Kind: "judge", Name: drills.KindName(p, drills.KindJudge), Short: p.T("drill.judge.short"), Length: "2-8", Ranks: "", Count: 20},
		{Kind: "family", Name: drills.KindName(p, drills.KindFamily), Short: p.T("family.short"), Count: 20},
	}
}

func (s *Server) drillMenu(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	s.render(w, r, http.StatusOK, "drills", "drill", p.T("web.nav.drills"), drillMenuView{Drills: drillChoices(p), Error: s.takeFlash(r).Error})
}

// drillStart makes a drill's questions from the options and the time as the seed, as
// `atril drill KIND` does, opens its session in the store and sends the browser to it.
func (s *Server) drillStart(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	lex := s.cfg.Lex
	kind := drills.Kind(r.PostFormValue("kind"))
	count, err := strconv.Atoi(strings.TrimSpace(r.PostFormValue("count")))
	if err != nil || count < 1 || count > drills.MaxCount {
		s.drillMenuError(w, r, i18n.E("drill.err.count", "Count", r.PostFormValue("count"), "Max", drills.MaxCount))
		return
	}
	seed := uint64(s.cfg.Now().UnixNano())
	length, ranks := strings.TrimSpace(r.PostFormValue("length")), strings.TrimSpace(r.PostFormValue("ranks"))
	opts := map[string]any{"seed": seed, "count": count, "web": true}
	var qs []drills.Question
	wordRange := func() (drills.WordRange, error) {
		lo, hi, err := drills.ParseLengths(length)
		if err != nil {
			return drills.WordRange{}, err
		}
		rlo, rhi, err := drills.ParseRanks(ranks)
		if err != nil {
			return drills.WordRange{}, err
		}
		opts["length"], opts["ranks"] = length, ranks
		return drills.WordRange{MinLen: lo, MaxLen: hi, MinRank: rlo, MaxRank: rhi}, nil
	}
	switch kind {
	case drills.KindTwos:
		qs, err = drills.Twos(lex, drills.TwosOptions{Count: count, Seed: seed})
	case drills.KindAnagram:
		var n, blanks int
		n, err = strconv.Atoi(length)
		if err != nil {
			err = i18n.E("drill.err.lengths_syntax", "Range", i18n.Quote(length))
			break
		}
		blanks, _ = strconv.Atoi(r.PostFormValue("blanks"))
		var lo, hi int
		if lo, hi, err = drills.ParseRanks(ranks); err != nil {
			break
		}
		opts["length"], opts["ranks"], opts["blanks"] = n, ranks, blanks
		qs, err = drills.Anagram(lex, drills.AnagramOptions{Count: count, Seed: seed, Length: n, MinRank: lo, MaxRank: hi, Blanks: blanks})
	case drills.KindDigraphs:
		var wr drills.WordRange
		ranks = ""
		if wr, err = wordRange(); err == nil {
			qs, err = drills.Digraphs(lex, drills.DigraphOptions{Count: count, Seed: seed, MinLen: wr.MinLen, MaxLen: wr.MaxLen})
		}
	case drills.KindHooks:
		var wr drills.WordRange
		if wr, err = wordRange(); err == nil {
			qs, err = drills.HooksQuestions(lex, drills.HooksOptions{Count: count, Seed: seed, Words: wr})
		}
	case drills.KindJudge:
		var wr drills.WordRange
		if wr, err = wordRange(); err == nil {
			qs, err = drills.Judge(lex, drills.JudgeOptions{Count: count, Seed: seed, Words: wr, RackShare: 0.2})
		}
	case drills.KindFamily:
		qs, err = drills.Family(lex, drills.FamilyOptions{Count: count, Seed: seed, Forms: drills.DefaultFamilyForms})
	default:
		s.fail(w, r, http.StatusNotFound, nil)
		return
	}
	if err != nil {
		s.drillMenuError(w, r, err)
		return
	}
	rec, err := drills.StartSession(s.cfg.Store, kind, lex.Name, 0, opts)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	se := &session{id: newID(), kind: kind, qs: qs, rec: rec, end: rec.End, started: s.cfg.Now(),
		title: p.T("web.drill_title", "Drill", drills.KindName(p, kind), "Lexicon", lex.Name)}
	se.sum.Questions = len(qs)
	s.keep(s.drills, se)
	redirect(w, r, "/drill/"+se.id)
}

func (s *Server) drillMenuError(w http.ResponseWriter, r *http.Request, err error) {
	p := s.printer(r)
	msg := p.T("web.err.internal")
	var ie *i18n.Error
	if errors.As(err, &ie) {
		msg = p.Err(err)
	}
	redirect(w, r, "/drill?m="+s.setFlash(flash{Error: msg}))
}

func (s *Server) drillShow(w http.ResponseWriter, r *http.Request) {
	se := s.session(s.drills, r.PathValue("id"))
	if se == nil {
		redirect(w, r, "/drill")
		return
	}
	s.showSession(w, r, se, "/drill/"+se.id, "drill")
}

func (s *Server) drillAnswer(w http.ResponseWriter, r *http.Request) {
	se := s.session(s.drills, r.PathValue("id"))
	if se == nil {
		redirect(w, r, "/drill")
		return
	}
	s.answerSession(w, r, se, "/drill/"+se.id)
}

// drillMisses files a finished drill's misses into a deck, as the end of `atril drill` offers.
func (s *Server) drillMisses(w http.ResponseWriter, r *http.Request) {
	se := s.session(s.drills, r.PathValue("id"))
	if se == nil {
		redirect(w, r, "/drill")
		return
	}
	p := s.printer(r)
	se.mu.Lock()
	defer se.mu.Unlock()
	name := strings.TrimSpace(r.PostFormValue("deck"))
	if !se.over || len(se.filed) > 0 || name == "" || strings.ContainsAny(name, " \t") {
		redirect(w, r, "/drill/"+se.id)
		return
	}
	added, err := drills.FileMisses(context.WithoutCancel(r.Context()), s.cfg.Store, s.cfg.Lex, p, se.kind, name, se.sum.Misses())
	for _, a := range added {
		se.filed = append(se.filed, drills.DeckAddedText(p, a))
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	redirect(w, r, "/drill/"+se.id)
}

// reviewView is the review page before a session: what is due.
type reviewView struct {
	Due     int
	Message string
}

// reviewPage says what is due and offers to start.
func (s *Server) reviewPage(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	rem, err := drills.StillDue(r.Context(), s.cfg.Store, s.cfg.Now(), 0, s.cfg.Lex.Name)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	v := reviewView{Due: rem.Due()}
	if v.Due == 0 {
		v.Message = p.T("review.nothing_due", "Lexicon", s.cfg.Lex.Name)
		if decks, err := s.cfg.Store.Decks(r.Context()); err == nil && len(decks) == 0 {
			v.Message = p.T("review.no_cards_yet")
		}
	}
	s.render(w, r, http.StatusOK, "review", "review", p.T("web.nav.review"), v)
}

// reviewStart picks the due cards as `atril review` does and opens the review's session.
func (s *Server) reviewStart(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	now := s.cfg.Now()
	ctx := context.WithoutCancel(r.Context())
	seed := uint64(now.UnixNano())
	rv := &drills.Review{Store: s.cfg.Store, Lex: s.cfg.Lex, Seed: seed}
	qs, _, err := rv.Questions(ctx, now, 0, 100)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	if len(qs) == 0 {
		redirect(w, r, "/review")
		return
	}
	if err := rv.Start(ctx, 0, map[string]any{"max": 100, "seed": seed, "grade": "auto", "web": true}); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	se := &session{id: newID(), kind: drills.KindReview, qs: qs, rec: rv, review: rv, started: now,
		end:   func() error { return rv.End(context.Background()) },
		title: p.T("review.title", "Lexicon", s.cfg.Lex.Name, "DB", s.cfg.Store.Path())}
	se.sum.Questions = len(qs)
	s.keep(s.reviews, se)
	redirect(w, r, "/review/"+se.id)
}

func (s *Server) reviewShow(w http.ResponseWriter, r *http.Request) {
	se := s.session(s.reviews, r.PathValue("id"))
	if se == nil {
		redirect(w, r, "/review")
		return
	}
	s.showSession(w, r, se, "/review/"+se.id, "review")
}

func (s *Server) reviewAnswer(w http.ResponseWriter, r *http.Request) {
	se := s.session(s.reviews, r.PathValue("id"))
	if se == nil {
		redirect(w, r, "/review")
		return
	}
	s.answerSession(w, r, se, "/review/"+se.id)
}
