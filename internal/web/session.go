package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A session is a drill or a review as the browser takes it: one question at a time, each
// answer judged by the question (drills.Question.Judge) and saved by the recorder the CLI uses
// before the next question is shown; the feedback and summary are the drill runner's own.
type session struct {
	mu      sync.Mutex
	id      string
	kind    drills.Kind // the drill (KindReview for a review)
	title   string
	qs      []drills.Question
	next    int              // the next of qs to ask
	cur     *drills.Question // the question shown, nil between questions
	again   bool             // cur is a card asked again (a learning step)
	shown   time.Time        // when cur was first shown
	rec     drills.Recorder  // saves each answer
	end     func() error     // ends the session in the store
	sum     drills.Summary   // the answers so far
	last    []string         // the feedback of the last answer (painted)
	note    string           // a line the question could not read, to show with it again
	filed   []string         // what filing the misses did
	over    bool             // no question left
	review  *drills.Review   // a review's scheduler, else nil
	started time.Time
	seq     int // counts the questions shown: an answer names the one it answers
}

type drillSession = session
type reviewSession = session

// newID is a session's name in its address.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// maxSessions bounds the sessions kept in memory; the oldest goes first (its answers are saved).
const maxSessions = 32

// keep stores a new session.
func (s *Server) keep(m map[string]*session, se *session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(m) >= maxSessions {
		var oldest *session
		for _, o := range m {
			if oldest == nil || o.started.Before(oldest.started) {
				oldest = o
			}
		}
		delete(m, oldest.id)
	}
	m[se.id] = se
}

func (s *Server) session(m map[string]*session, id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return m[id]
}

// runner is the drill runner that words the feedback and summary, in p's language, painted
// for HTML.
func (s *Server) runner(p *i18n.Printer) *drills.Runner {
	return &drills.Runner{Lex: s.cfg.Lex, P: p, UI: term(), Now: s.cfg.Now}
}

// advance shows the next question, if any: the session's own, then (a review) the cards in
// learning steps due again. wait > 0 is how long until the next one is due.
func (s *Server) advance(se *session) (wait time.Duration) {
	if se.cur != nil || se.over {
		return 0
	}
	now := s.cfg.Now()
	if se.next < len(se.qs) {
		se.cur, se.again = &se.qs[se.next], false
		se.next++
		se.seq++
		se.shown = now
		return 0
	}
	if rq, ok := se.rec.(drills.Requeuer); ok {
		q, w, ok := rq.Again(now)
		if ok {
			se.seq++
			if w > 0 {
				// Asked again only once due: the step is never shrunk. Again handed the card out;
				// keep it, shown once the wait is over.
				se.cur, se.again = &q, true
				se.shown = now.Add(w)
				return w
			}
			se.cur, se.again = &q, true
			se.shown = now
			return 0
		}
	}
	se.over = true
	if se.end != nil {
		if err := se.end(); err != nil {
			s.logf("ending a session: %v", err)
		}
	}
	return 0
}

// questionView is a question as the page shows it.
type questionView struct {
	ID       string
	Base     string // the session's address
	Title    string
	Label    string // "3/20", or "again"
	Show     string
	Ask      string
	Form     string
	Words    int
	Note     string
	Feedback template.HTML
	Wait     int // seconds until the card is due again (a learning step)
	Over     bool
	Summary  template.HTML
	Offer    string // the deck offered for the misses
	Cards    int
	Filed    template.HTML
	Next     template.HTML // what is due next
	Again    bool
	Seq      int
}

// lines draws feedback lines as HTML paragraphs.
func lines(ls []string) template.HTML {
	var b strings.Builder
	for _, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		class := "fb"
		if strings.HasPrefix(l, "    ") {
			class = "fb sub"
		}
		b.WriteString(`<p class="` + class + `">` + ui.Inline(strings.TrimSpace(l)) + "</p>")
	}
	return template.HTML(b.String())
}

// showSession draws the session: the last feedback, and the next question or the summary.
func (s *Server) showSession(w http.ResponseWriter, r *http.Request, se *session, base, nav string) {
	p := s.printer(r)
	se.mu.Lock()
	defer se.mu.Unlock()
	wait := s.advance(se)
	if wait == 0 && se.cur != nil && se.shown.After(s.cfg.Now()) {
		wait = se.shown.Sub(s.cfg.Now())
	}
	v := questionView{ID: se.id, Base: base, Title: se.title, Feedback: lines(se.last), Note: se.note, Over: se.over, Seq: se.seq}
	switch {
	case se.over:
		run := s.runner(p)
		v.Summary = lines(run.SummaryLines(se.sum))
		if se.kind != drills.KindReview && len(se.filed) == 0 {
			kinds, cards := drills.MissOffer(s.cfg.Lex, se.kind, se.sum.Misses())
			if cards > 0 {
				v.Offer, v.Cards = drills.MissDeckName(p, kinds[0]), cards
			}
		}
		v.Filed = lines(se.filed)
		ctx := context.WithoutCancel(r.Context())
		if se.review != nil {
			if left, err := drills.StillDue(ctx, s.cfg.Store, s.cfg.Now(), 0, s.cfg.Lex.Name); err == nil {
				_, left.Next = se.review.Learning()
				left.Now = s.cfg.Now()
				v.Next = lines(left.Lines(p))
			}
		} else if up, err := drills.DueNext(ctx, s.cfg.Store, s.cfg.Now(), s.cfg.Lex.Name); err == nil {
			if t := up.Text(p, s.cfg.Now()); t != "" {
				v.Next = lines([]string{t})
			}
		}
	case wait > 0:
		v.Wait = int(wait.Round(time.Second) / time.Second)
		if v.Wait == 0 {
			v.Wait = 1
		}
		v.Show = se.cur.Show
	default:
		q := se.cur
		v.Show, v.Ask, v.Form = q.Show, q.Ask.In(p), string(q.Form)
		if q.Form == drills.FormWords {
			v.Words = len(q.Words)
			v.Ask += " · " + p.N("drill.word_count", len(q.Words))
		}
		v.Again = se.again
		if se.again {
			v.Label = p.T("drill.again")
		} else {
			v.Label = p.T("web.count_of", "N", se.next, "Total", len(se.qs))
		}
	}
	s.render(w, r, http.StatusOK, "question", nav, se.title, v)
}

// answerSession judges and saves the answer to the question shown, then sends the browser to
// the next one. The answer is committed before the reply: a page that shows the next question
// has its previous answer saved.
func (s *Server) answerSession(w http.ResponseWriter, r *http.Request, se *session, base string) {
	p := s.printer(r)
	se.mu.Lock()
	defer se.mu.Unlock()
	if se.cur == nil || se.over || r.PostFormValue("seq") != strconv.Itoa(se.seq) {
		redirect(w, r, base) // a second submission of an answer already taken
		return
	}
	if se.shown.After(s.cfg.Now()) {
		redirect(w, r, base) // a learning step not due yet
		return
	}
	q := se.cur
	line := answerLine(r, q.Form)
	res, err := q.Judge(s.cfg.Lex, line)
	var ie *drills.InputError
	if errors.As(err, &ie) {
		se.note = ie.Msg.In(p)
		redirect(w, r, base)
		return
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	now := s.cfg.Now()
	res.Elapsed = now.Sub(se.shown)
	if err := se.rec.Record(drills.NewAnswer(q, s.cfg.Lex.Name, line, res, now)); err != nil {
		s.fail(w, r, http.StatusInternalServerError, i18n.Wrap(err, "drill.err.save", "Question", q.Show))
		return
	}
	if se.again {
		se.sum.Questions++
		se.sum.Again++
	}
	run := s.runner(p)
	se.last = run.Feedback(q, res, &se.sum)
	if len(se.last) > 0 {
		// The question answered heads its feedback: the next one is shown under it.
		se.last[0] = term().Paint(ui.Accent, q.Show) + " · " + strings.TrimSpace(se.last[0])
	}
	if sc, ok := se.rec.(drills.Scheduled); ok {
		if n := sc.DueNote(p); n != "" {
			se.last = append(se.last, "    "+term().Paint(ui.Dim, n))
		}
	}
	se.cur, se.note = nil, ""
	redirect(w, r, base)
}

// answerLine is the answer as the CLI would read it: the words typed, yes or no, or
// "FRONT / BACK" hooks.
func answerLine(r *http.Request, f drills.Form) string {
	switch f {
	case drills.FormYesNo:
		return r.PostFormValue("answer")
	case drills.FormHooks:
		front, back := strings.TrimSpace(r.PostFormValue("front")), strings.TrimSpace(r.PostFormValue("back"))
		if front == "" && back == "" {
			return ""
		}
		if front == "" {
			front = "-"
		}
		if back == "" {
			back = "-"
		}
		return front + " / " + back
	}
	return strings.Join(strings.Fields(r.PostFormValue("answer")), " ")
}
