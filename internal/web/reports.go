package web

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/stats"
)

// The pages that are the commands' reports: today, stats, decks. Each draws the command's own
// ui.Doc as HTML.

type todayView struct {
	Doc     template.HTML
	Due     int
	Game    int64
	Puzzles []stats.PuzzleSuggestion
	Empty   bool
}

// today is `atril today`: the day's plan, with a button for each thing to do.
func (s *Server) today(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	now := s.cfg.Now()
	t, err := stats.PlanToday(r.Context(), s.cfg.Store, now, now.Location())
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	// The button starts a review under this lexicon: it says what that review asks, as the
	// review page and review's closing lines do. The plan above splits its counts the same
	// way (drills.StillDue) over every lexicon's decks.
	due, err := drills.StillDue(r.Context(), s.cfg.Store, now, 0, s.cfg.Lex.Name)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	v := todayView{Doc: docHTML(t.Doc(p)), Due: due.Due(), Puzzles: t.Puzzles, Empty: t.Empty}
	if t.Game != nil {
		v.Game = t.Game.ID
	}
	s.render(w, r, http.StatusOK, "today", "today", p.T("web.nav.today"), v)
}

// statsLexicons serialises the lexicons' opener: the statistics' sums may be asked by two
// requests at once.
func (s *Server) updateStats(ctx context.Context) (stats.Unsaved, error) {
	s.stats.Lock()
	defer s.stats.Unlock()
	now := s.cfg.Now()
	return stats.Update(ctx, s.cfg.Store, now.Location(), s.cfg.Lexicons, nil)
}

type statsView struct {
	Doc  template.HTML
	Plot bool
}

// statsPage is `atril stats`, with the plot `--plot` draws, as SVG.
func (s *Server) statsPage(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	rep, err := s.report(r.Context())
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.render(w, r, http.StatusOK, "stats", "stats", p.T("web.nav.stats"), statsView{Doc: docHTML(rep.Doc(p)), Plot: len(rep.Daily) > 0 && !rep.Empty})
}

// report is `atril stats`'s report. The page and its plot ask for it one after the other: a
// report made less than reportFresh ago, with no answer logged since, is used again.
func (s *Server) report(ctx context.Context) (stats.Report, error) {
	now := s.cfg.Now()
	last, err := s.cfg.Store.LastAnswerID(ctx)
	if err != nil {
		return stats.Report{}, err
	}
	s.stats.Lock()
	c := s.reportCache
	s.stats.Unlock()
	if c.ok && c.last == last && now.Sub(c.at) >= 0 && now.Sub(c.at) < reportFresh {
		return c.report, nil
	}
	un, err := s.updateStats(context.WithoutCancel(ctx))
	if err != nil {
		return stats.Report{}, err
	}
	r, err := stats.Collect(ctx, s.cfg.Store, stats.Options{Now: now, Loc: now.Location(), Unsaved: un})
	if err == nil {
		s.stats.Lock()
		s.reportCache = reportCache{ok: true, last: last, at: now, report: r}
		s.stats.Unlock()
	}
	return r, err
}

// reportFresh is how long a report is used again when nothing was answered since.
const reportFresh = 10 * time.Second

type reportCache struct {
	ok     bool
	last   int64 // the last answer's id when it was made
	at     time.Time
	report stats.Report
}

// statsPlot draws the report's pictures as SVG.
func (s *Server) statsPlot(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	rep, err := s.report(r.Context())
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	var buf bytes.Buffer
	if err := stats.ReportSVG(&buf, rep, p); err != nil {
		s.fail(w, r, http.StatusNotFound, nil)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(buf.Bytes())
}

type decksView struct {
	Doc     template.HTML
	Decks   int
	Error   string
	Added   string
	Name    string
	Search  string
	Kind    string
	Kinds   []kindChoice
	Default int
}

type kindChoice struct {
	Kind string
	Name string
}

// decksPage is `atril deck list`, with a form for `atril deck add NAME --search QUERY`.
func (s *Server) decksPage(w http.ResponseWriter, r *http.Request) {
	f := s.takeFlash(r)
	s.showDecks(w, r, http.StatusOK, decksView{Added: f.Done, Error: f.Error, Name: f.Fields["name"], Search: f.Fields["search"], Kind: f.Fields["kind"]})
}

func (s *Server) showDecks(w http.ResponseWriter, r *http.Request, status int, v decksView) {
	p := s.printer(r)
	now := s.cfg.Now()
	ds, err := drills.DeckStatuses(r.Context(), s.cfg.Store, now)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	v.Decks = len(ds)
	if len(ds) > 0 {
		v.Doc = docHTML(drills.DeckListDoc(p, ds, now))
	}
	v.Kinds = []kindChoice{{"", p.T("web.decks.kind_auto")}}
	for _, k := range drills.DeckKinds {
		v.Kinds = append(v.Kinds, kindChoice{string(k), drills.KindName(p, k)})
	}
	v.Default = drills.DefaultNewPerDay
	s.render(w, r, status, "decks", "decks", p.T("web.nav.decks"), v)
}

// decksAdd fills a deck from a search, as `atril deck add NAME --search QUERY` does.
func (s *Server) decksAdd(w http.ResponseWriter, r *http.Request) {
	p := s.printer(r)
	name := strings.TrimSpace(r.PostFormValue("name"))
	search := strings.TrimSpace(r.PostFormValue("search"))
	kind := r.PostFormValue("kind")
	fields := map[string]string{"name": name, "search": search, "kind": kind}
	if name == "" || search == "" {
		redirect(w, r, "/decks?m="+s.setFlash(flash{Error: p.T("web.decks.need_both"), Fields: fields}))
		return
	}
	req := drills.DeckRequest{Name: name, Kind: drills.KindAnagram, Scheduler: srs.Kinds[0], NewPerDay: drills.DefaultNewPerDay,
		Retention: 0.9, Source: drills.DeckSource{Search: search}}
	if kind != "" {
		req.Kind, req.KindSet = drills.Kind(kind), true
	}
	added, err := drills.AddDeck(context.WithoutCancel(r.Context()), s.cfg.Store, s.cfg.Lex, req)
	if err != nil {
		var se *drills.SourceError
		var ie *i18n.Error
		msg := ""
		switch {
		case errors.As(err, &se) && se.Search:
			msg = p.Err(se.Err)
		case errors.As(err, &ie):
			msg = p.Err(err)
		default:
			s.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		redirect(w, r, "/decks?m="+s.setFlash(flash{Error: msg, Fields: fields}))
		return
	}
	redirect(w, r, "/decks?m="+s.setFlash(flash{Done: drills.DeckAddedText(p, added)}))
}
