package drills

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// Answer is one answered question, as it is saved.
type Answer struct {
	Kind     Kind
	Card     string // Question.Card
	Shown    string // Question.Show
	Typed    string // the line as typed ("" when the time ran out first)
	Expected string // the right answer, as Question.Expected spells it
	Right    bool
	TimedOut bool
	Elapsed  time.Duration
	Lexicon  string
	CardID   int64 // Question.CardID: the deck card asked, 0 for none
	At       time.Time
}

// Recorder saves an answer the moment it is given; the drill stops if it cannot.
type Recorder interface {
	Record(Answer) error
}

// Runner asks questions one at a time on a line-based stream: it works the same on a terminal
// (tmux included) and under a pipe, with no raw mode.
type Runner struct {
	In  io.Reader
	Out io.Writer
	Lex *lexicon.Lexicon
	// Now is the clock answers are timed with.
	Now func() time.Time
	// After starts the per-question timer; nil is time.After. Tests pass their own.
	After func(time.Duration) <-chan time.Time
	// TimeLimit per question; 0 for none.
	TimeLimit time.Duration
	Recorder  Recorder
	Color     bool
	// Echo writes each line read after its prompt: piped input then reads as a transcript. A
	// terminal echoes by itself.
	Echo bool
	// Title heads the drill ("anagram drill · seed 42").
	Title string
}

// Summary is what a drill ends with.
type Summary struct {
	Questions int           `json:"questions"` // how many the drill had
	Answered  int           `json:"answered"`
	Right     int           `json:"right"`
	Wrong     int           `json:"wrong"`
	TimedOut  int           `json:"timed_out"` // counted in Wrong too
	Time      time.Duration `json:"-"`         // total answering time
	Seconds   float64       `json:"seconds"`
	// MeanSeconds is the answering time per answered question.
	MeanSeconds float64 `json:"mean_seconds"`
	// Again counts the questions asked a second time or more (FSRS learning steps in a
	// review); they are counted in Questions too.
	Again int `json:"again,omitempty"`
	// Stopped says how the drill ended: "done", "end of input" (Ctrl-D), "interrupted" (Ctrl-C).
	Stopped string `json:"stopped"`
}

// Average is the answering time per answered question.
func (s Summary) Average() time.Duration {
	if s.Answered == 0 {
		return 0
	}
	return s.Time / time.Duration(s.Answered)
}

type line struct {
	text string
	err  error
}

// readLines sends each line of r until EOF or an error (sent as the last line), then closes.
// It stops early when done closes, so a drill that ends leaves no reader blocked on a send.
func readLines(r io.Reader, out chan<- line, done <-chan struct{}) {
	defer close(out)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		s, err := br.ReadString('\n')
		if s != "" {
			select {
			case out <- line{text: lexicon.DecodeLine([]byte(strings.TrimRight(s, "\n")))}:
			case <-done:
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				select {
				case out <- line{err: err}:
				case <-done:
				}
			}
			return
		}
	}
}

// Grader is a Recorder that asks a follow-up line after an answer's feedback (the FSRS grade
// in `atril review --grade ask`). The answer is already saved when it asks, so stopping at
// the follow-up loses nothing.
type Grader interface {
	// GradePrompt is the line to show after the feedback of the answer just recorded; ""
	// asks nothing.
	GradePrompt() string
	// Grade takes the line typed and returns a note to show. A *RetryError is shown and the
	// prompt asked again; any other error stops the drill.
	Grade(line string) (note string, err error)
}

// RetryError is a line that a follow-up prompt cannot take: it is shown and asked again.
type RetryError struct{ Msg string }

func (e *RetryError) Error() string { return e.Msg }

// Requeuer is a Recorder that brings questions back before the session ends (FSRS learning
// steps): when the questions run out, Runner asks what Again returns until it has nothing.
type Requeuer interface {
	// Again returns the next question to ask again at now and how long until it is due (0 or
	// less: due now; more: asked early, as nothing else is left); ok is false when none is.
	Again(now time.Time) (q Question, wait time.Duration, ok bool)
}

// Run asks the questions until they are done, the input ends (Ctrl-D) or ctx is cancelled
// (Ctrl-C). Every answer is recorded before its feedback is shown, so whatever ends the drill, what
// was answered is saved. The summary is printed and returned; the error is a failed write or a
// failed recording.
func (r *Runner) Run(ctx context.Context, qs []Question) (Summary, error) {
	sum := Summary{Questions: len(qs), Stopped: "done"}
	done := make(chan struct{})
	defer close(done)
	lines := make(chan line)
	go readLines(r.In, lines, done)
	after := r.After
	if after == nil {
		after = time.After
	}
	requeuer, _ := r.Recorder.(Requeuer)
	grader, _ := r.Recorder.(Grader)
	w := &errWriter{w: r.Out}
	if r.Title != "" {
		w.printf("%s\n", r.style(bold, r.Title))
	}
	w.printf("%s. %s\n", Counted(len(qs), "question"), howToAnswer(qs))
	if r.TimeLimit > 0 {
		w.printf("Time limit: %s a question; a late answer counts wrong.\n", fmtDuration(r.TimeLimit))
	}
	w.printf("Ctrl-D or Ctrl-C stops; every answer is saved as you give it.\n")
	var err error
	// timedOut: the last question ran out of time, and what the player was typing would land
	// on the next one: one Enter clears it first.
	timedOut := false
	for asked := 0; ; asked++ {
		if ctx.Err() != nil {
			sum.Stopped = "interrupted"
			break
		}
		var q *Question
		label, note := "", ""
		again := false
		if asked < len(qs) {
			q = &qs[asked]
			label = fmt.Sprintf("%d/%d", asked+1, len(qs))
		} else if requeuer != nil {
			aq, wait, ok := requeuer.Again(r.Now())
			if !ok {
				break
			}
			q, label, again = &aq, "again", true
			note = "  " + r.style(dim, "(learning step)")
			if wait > 0 {
				note = "  " + r.style(dim, fmt.Sprintf("(learning step due in %s: asked early)", fmtWait(wait)))
			}
		} else {
			break
		}
		if timedOut {
			w.printf("Press Enter for the next question. ")
			if _, stopped, _ := r.readLine(ctx, lines, w); stopped != "" {
				sum.Stopped = stopped // the answers are saved: a failed read here only ends the drill
				break
			}
			timedOut = false
		}
		if again {
			sum.Questions++
			sum.Again++
		}
		res, typed, timer, stopped, aerr := r.ask(ctx, q, label, note, lines, after, w)
		if aerr != nil && stopped == "" {
			err = aerr // a failed write
			break
		}
		if stopped != "" {
			sum.Stopped = stopped
			err = aerr
			break
		}
		if err = r.record(q, typed, res); err != nil {
			break
		}
		if timer {
			w.printf("\n")
		}
		r.feedback(w, q, res, &sum)
		if timer {
			timedOut = true
			continue // no grade for a question left unanswered: it keeps the derived one
		}
		if grader == nil {
			continue
		}
		prompt := grader.GradePrompt()
		if prompt == "" {
			continue
		}
		w.printf("%s\n> ", prompt)
		for {
			text, stopped, rerr := r.readLine(ctx, lines, w)
			if stopped != "" {
				sum.Stopped = stopped
				err = rerr
				break
			}
			gnote, gerr := grader.Grade(text)
			var retry *RetryError
			if errors.As(gerr, &retry) {
				w.printf("  %s\n> ", retry.Msg)
				continue
			}
			if gerr != nil {
				err = fmt.Errorf("saving the grade of %s: %w", q.Show, gerr)
			} else if gnote != "" {
				w.printf("  %s\n", gnote)
			}
			break
		}
		if sum.Stopped != "done" || err != nil {
			break
		}
	}
	r.printSummary(w, sum)
	if err == nil {
		err = w.err
	}
	return sum, err
}

// ask shows q and waits for an answer the question can judge (typed), or for the time limit
// (timer). stopped is "interrupted" or "end of input" when the drill ends instead (err: a failed
// read); err alone is a failed write.
func (r *Runner) ask(ctx context.Context, q *Question, label, note string, lines <-chan line,
	after func(time.Duration) <-chan time.Time, w *errWriter) (res Result, typed string, timer bool, stopped string, err error) {
	w.printf("\n%s %s  %s%s\n", r.style(dim, label), r.style(bold, q.Show), q.Ask, note)
	w.printf("> ")
	if w.err != nil {
		return res, "", false, "", w.err
	}
	start := r.Now()
	var limit <-chan time.Time
	if r.TimeLimit > 0 {
		limit = after(r.TimeLimit)
	}
	for {
		select {
		case <-ctx.Done():
			w.printf("\n")
			return res, "", false, "interrupted", nil
		case l, ok := <-lines:
			if !ok || l.err != nil {
				w.printf("\n")
				if ok {
					err = fmt.Errorf("reading answers: %w", l.err)
				}
				return res, "", false, "end of input", err
			}
			if r.Echo {
				w.printf("%s\n", l.text)
			}
			res, jerr := q.Judge(r.Lex, l.text)
			if jerr != nil {
				w.printf("  %s\n> ", jerr)
				continue
			}
			res.Elapsed = r.Now().Sub(start)
			if r.TimeLimit > 0 && res.Elapsed > r.TimeLimit {
				res.TimedOut, res.Right = true, false
			}
			return res, l.text, false, "", nil
		case <-limit:
			res := Result{TimedOut: true, Elapsed: r.TimeLimit}
			if q.Form == FormWords {
				res.Missed = q.Words
			}
			return res, "", true, "", nil
		}
	}
}

// readLine waits for one line (echoed under a pipe). stopped is "interrupted" or "end of
// input" when the drill ends instead; err is a failed read.
func (r *Runner) readLine(ctx context.Context, lines <-chan line, w *errWriter) (text, stopped string, err error) {
	select {
	case <-ctx.Done():
		w.printf("\n")
		return "", "interrupted", nil
	case l, ok := <-lines:
		if !ok || l.err != nil {
			w.printf("\n")
			if ok {
				err = fmt.Errorf("reading answers: %w", l.err)
			}
			return "", "end of input", err
		}
		if r.Echo {
			w.printf("%s\n", l.text)
		}
		return l.text, "", nil
	}
}

// fmtWait shows a wait in whole seconds: "45 s", "9 min 12 s".
func fmtWait(d time.Duration) string {
	sec := int(d.Round(time.Second) / time.Second)
	if sec < 60 {
		return fmt.Sprintf("%d s", sec)
	}
	if sec%60 == 0 {
		return fmt.Sprintf("%d min", sec/60)
	}
	return fmt.Sprintf("%d min %d s", sec/60, sec%60)
}

func (r *Runner) record(q *Question, typed string, res Result) error {
	if r.Recorder == nil {
		return nil
	}
	err := r.Recorder.Record(Answer{
		Kind: q.Kind, Card: q.Card, Shown: q.Show, Typed: strings.TrimSpace(typed),
		Expected: q.Expected(), Right: res.Right, TimedOut: res.TimedOut, Elapsed: res.Elapsed,
		Lexicon: r.Lex.Name, CardID: q.CardID, At: r.Now(),
	})
	if err != nil {
		return fmt.Errorf("saving the answer to %s: %w", q.Show, err)
	}
	return nil
}

func (r *Runner) feedback(w *errWriter, q *Question, res Result, sum *Summary) {
	sum.Answered++
	sum.Time += res.Elapsed
	sum.Seconds = sum.Time.Seconds()
	sum.MeanSeconds = sum.Average().Seconds()
	if res.Right {
		sum.Right++
	} else {
		sum.Wrong++
	}
	if res.TimedOut {
		sum.TimedOut++
	}
	took := fmtDuration(res.Elapsed)
	switch {
	case res.Right:
		w.printf("  %s (%s)", r.style(green, "right"), took)
	case res.TimedOut:
		w.printf("  %s (%s, limit %s)", r.style(red, "time's up"), took, fmtDuration(r.TimeLimit))
	default:
		w.printf("  %s (%s)", r.style(red, "wrong"), took)
	}
	switch q.Form {
	case FormWords:
		if res.Right {
			w.printf(": %s\n", listOrNone(q.Words))
		} else {
			found := ""
			if n := len(q.Words); n > 1 && len(res.Missed) < n {
				found = fmt.Sprintf(" (%d of %d found)", n-len(res.Missed), n)
			}
			w.printf("\n    answers: %s%s\n", listOrNone(q.Words), found)
			if len(res.Missed) == len(q.Words) {
				res.Missed = nil // the answers line says it already
			}
		}
	case FormYesNo:
		switch {
		case q.isRack && q.Valid:
			w.printf(": yes, a word uses all of %s\n", q.Show)
		case q.isRack:
			w.printf(": no word uses all of %s\n", q.Show)
		default:
			w.printf(": %s is %s\n", q.Show, map[bool]string{true: "valid", false: "not valid"}[q.Valid])
		}
	case FormHooks:
		if res.Right {
			w.printf(": %s\n", hooksText(q))
		} else {
			w.printf("\n    hooks:   %s\n", hooksText(q))
		}
	}
	if len(res.Missed) > 0 && q.Form != FormYesNo {
		w.printf("    missed:  %s\n", r.style(yellow, strings.Join(res.Missed, " ")))
	}
	if len(res.Wrong) > 0 && q.Form != FormYesNo {
		w.printf("    wrong:   %s\n", r.style(red, strings.Join(res.Wrong, ", ")))
	}
	if q.Note != "" {
		w.printf("    %s\n", q.Note)
	}
}

func (r *Runner) printSummary(w *errWriter, s Summary) {
	w.printf("\n%s", r.style(bold, "Summary"))
	if s.Stopped != "done" {
		w.printf(" (%s)", s.Stopped)
	}
	w.printf(": %d of %d answered", s.Answered, s.Questions)
	if s.Again > 0 {
		w.printf(" (%d again in learning steps)", s.Again)
	}
	w.printf(", %s right, %s wrong", r.style(green, fmt.Sprint(s.Right)), r.style(red, fmt.Sprint(s.Wrong)))
	if s.TimedOut > 0 {
		w.printf(" (%d out of time)", s.TimedOut)
	}
	if s.Answered > 0 {
		w.printf(", %.0f%%; time %s, %s a question", 100*float64(s.Right)/float64(s.Answered),
			fmtDuration(s.Time), fmtDuration(s.Average()))
	}
	w.printf(".\n")
}

// howToAnswer is the one-line instruction for the forms a drill uses.
func howToAnswer(qs []Question) string {
	var forms []Form
	for _, q := range qs {
		if !containsForm(forms, q.Form) {
			forms = append(forms, q.Form)
		}
	}
	var parts []string
	for _, f := range forms {
		switch f {
		case FormWords:
			parts = append(parts, "Type every word on one line, separated by spaces (an empty line: none).")
		case FormYesNo:
			parts = append(parts, "Answer y (valid) or n (not valid).")
		case FormHooks:
			parts = append(parts, "Type the front hook tiles, a slash, the back hook tiles: \"a ch / s\" (- or nothing for none).")
		}
	}
	return strings.Join(parts, " ")
}

func containsForm(fs []Form, f Form) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

func hooksText(q *Question) string {
	side := func(ts []string) string {
		if len(ts) == 0 {
			return "-"
		}
		return strings.Join(ts, " ")
	}
	return side(q.Front) + " / " + side(q.Back)
}

func listOrNone(ws []string) string {
	if len(ws) == 0 {
		return "none"
	}
	return strings.Join(ws, " ")
}

// fmtDuration shows seconds with one decimal: "3.2 s".
func fmtDuration(d time.Duration) string {
	return fmt.Sprintf("%.1f s", d.Seconds())
}

const (
	bold   = "1"
	dim    = "2"
	red    = "31"
	green  = "32"
	yellow = "33"
)

func (r *Runner) style(code, s string) string {
	if !r.Color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// errWriter keeps the first write error, so the loop checks once per question.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, a ...any) {
	if e.err != nil {
		return
	}
	_, e.err = fmt.Fprintf(e.w, format, a...)
}
