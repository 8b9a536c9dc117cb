package drills

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Answer is one answered question, as it is saved.
type Answer struct {
	Kind     Kind
	Card     string // Question.Card
	Shown    string // Question.Show
	Typed    string // the line as typed ("" when the time ran out first); several lines joined by spaces
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
	// After starts a timer (the time limit, the wait for a learning step); nil is time.After.
	// Tests pass their own.
	After func(time.Duration) <-chan time.Time
	// TimeLimit per question; 0 for none.
	TimeLimit time.Duration
	Recorder  Recorder
	// P writes every text (nil: English); UI draws them on Out: colour, the width lists fold to
	// (nil: plain text, nothing folded).
	P  *i18n.Printer
	UI *ui.Term
	// Echo writes each line read after its prompt: piped input then reads as a transcript. A
	// terminal echoes by itself.
	Echo bool
	// Title heads the drill ("anagram drill · seed 42").
	Title string

	lines chan lexicon.InputLine
	ahead []lexicon.InputLine // lines read while a learning step was waited for
	done  chan struct{}
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
	// Words and WordsFound count, over the questions answered with words (anagrams, build),
	// the words asked and the words given: partial credit, 5 of 7 found.
	Words      int `json:"words,omitempty"`
	WordsFound int `json:"words_found,omitempty"`
	// Missed lists what the answers missed, each once, in plain upper case whatever the
	// language: words not given, words and tiles judged wrongly, words whose hooks were missed.
	Missed []string `json:"missed,omitempty"`
	// Stopped says how the drill ended: "done", "end of input" (Ctrl-D), "interrupted" (Ctrl-C).
	Stopped string `json:"stopped"`

	misses []Miss
}

// Miss is one thing an answer missed: Show as the player saw it (CASAs: the blank's tile in
// lower case; CASQO (not valid)), Word in plain upper case (Summary.Missed), Tiles what a deck
// of the drill's MissKind takes as a card (nil: nothing a deck can hold).
type Miss struct {
	Show  string
	Word  string
	Tiles []lexicon.Tile
	// Form is the form of the question missed: a word to find makes an anagram card, a word
	// judged a judge (or twos) card, hooks a hooks card.
	Form Form
}

// Misses are what the drill's answers missed, each once, in the order met.
func (s Summary) Misses() []Miss { return s.misses }

// Average is the answering time per answered question.
func (s Summary) Average() time.Duration {
	if s.Answered == 0 {
		return 0
	}
	return s.Time / time.Duration(s.Answered)
}

// start begins reading In, once: Run and Ask share one reader, so nothing read ahead is lost.
func (r *Runner) start() {
	if r.lines == nil {
		r.lines = make(chan lexicon.InputLine)
		r.done = make(chan struct{})
		go lexicon.ReadLines(r.In, r.lines, r.done)
	}
}

// next is where the next line comes from: a line read ahead (while a learning step was
// waited for) first, then the input (closed once it has ended).
func (r *Runner) next() <-chan lexicon.InputLine {
	if len(r.ahead) == 0 {
		return r.lines
	}
	ch := make(chan lexicon.InputLine, 1)
	ch <- r.ahead[0]
	r.ahead = r.ahead[1:]
	return ch
}

// Close stops reading In. Call it once the Runner will ask nothing more.
func (r *Runner) Close() {
	if r.done != nil {
		close(r.done)
		r.done = nil
	}
}

// Grader is a Recorder that asks a follow-up line after an answer's feedback (the FSRS grade
// in `atril review --grade ask`). The answer is already saved when it asks, so stopping at
// the follow-up loses nothing.
type Grader interface {
	// GradePrompt is the line to show after the feedback of the answer just recorded; ""
	// asks nothing.
	GradePrompt(p *i18n.Printer) string
	// Grade takes the line typed and returns a note to show. A *RetryError is shown and the
	// prompt asked again; any other error stops the drill.
	Grade(p *i18n.Printer, line string) (note string, err error)
}

// Scheduled is a Recorder that says, after an answer's feedback, when its card comes back
// (`atril review`): "good · back in 10 min". "" says nothing.
type Scheduled interface {
	DueNote(p *i18n.Printer) string
}

// RetryError is a line that a follow-up prompt cannot take: it is shown and asked again.
type RetryError struct{ Msg Text }

func (e *RetryError) Error() string { return e.Msg.String() }

// Requeuer is a Recorder that brings questions back before the session ends (FSRS learning
// steps): when the questions run out, Runner asks what Again returns until it has nothing.
type Requeuer interface {
	// Again returns the next question to ask again at now and how long until it is due (0 or
	// less: due now; more: the Runner waits that long first, so that a step is never shrunk);
	// ok is false when none is.
	Again(now time.Time) (q Question, wait time.Duration, ok bool)
}

// Run asks the questions until they are done, the input ends (Ctrl-D) or ctx is cancelled
// (Ctrl-C). Every answer is recorded before its feedback is shown, so whatever ends the drill, what
// was answered is saved. The summary is printed and returned; the error is a failed write or a
// failed recording.
func (r *Runner) Run(ctx context.Context, qs []Question) (Summary, error) {
	r.start()
	p := printer(r.P)
	sum := Summary{Questions: len(qs), Stopped: "done"}
	after := r.After
	if after == nil {
		after = time.After
	}
	requeuer, _ := r.Recorder.(Requeuer)
	grader, _ := r.Recorder.(Grader)
	scheduled, _ := r.Recorder.(Scheduled)
	w := &errWriter{w: r.Out}
	if r.Title != "" {
		r.line(w, "", r.paint(ui.Bold, r.Title))
	}
	r.line(w, "", p.N("drill.header.count", len(qs))+" "+howToAnswer(p, qs))
	if r.TimeLimit > 0 {
		r.line(w, "", p.T("drill.header.time_limit", "Limit", fmtDuration(p, r.TimeLimit)))
	}
	r.line(w, "", p.T("drill.header.stop"))
	if slices.ContainsFunc(qs, func(q Question) bool { return q.hasBlanks() }) {
		r.line(w, "", r.paint(ui.Dim, p.T("drill.blank_legend")))
	}
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
			if wait > 0 {
				// A learning step is not shrunk: wait for it, saying so. What the player types
				// meanwhile waits for the question.
				w.printf("\n")
				r.line(w, "", r.paint(ui.Dim, p.T("drill.waiting", "Card", aq.Show, "Wait", p.Duration(wait))))
				r.start()
				timer := after(wait)
				in := r.lines
			waiting:
				for {
					// What the input says comes before the step's end when both are there.
					var l lexicon.InputLine
					var ok, got bool
					select {
					case l, ok = <-in:
						got = true
					default:
					}
					if !got {
						select {
						case <-ctx.Done():
							sum.Stopped = "interrupted"
							break waiting
						case <-timer:
							break waiting
						case l, ok = <-in:
						}
					}
					// Ctrl-D ends the session as anywhere else; a line typed meanwhile is
					// kept for the question (and then the input's end ends it).
					if ok && l.Err == nil {
						r.ahead = append(r.ahead, l)
						continue
					}
					if len(r.ahead) > 0 {
						if ok {
							r.ahead = append(r.ahead, l) // the error, read after them
						}
						in = nil // the input has ended: read on from what was kept
						continue
					}
					w.printf("\n")
					sum.Stopped = "end of input"
					if ok {
						err = i18n.Wrap(l.Err, "drill.err.read")
					}
					break waiting
				}
				if sum.Stopped != "done" {
					break
				}
			}
			q, label, again = &aq, p.T("drill.again"), true
			note = "  " + r.paint(ui.Dim, "("+p.T("drill.learning_step")+")")
		} else {
			break
		}
		if timedOut {
			w.printf("%s", p.T("drill.press_enter")+" ")
			if _, stopped, _ := r.readLine(ctx, w); stopped != "" {
				sum.Stopped = stopped // the answers are saved: a failed read here only ends the drill
				break
			}
			timedOut = false
		}
		if again {
			sum.Questions++
			sum.Again++
		}
		res, typed, timer, stopped, aerr := r.ask(ctx, q, label, note, after, w)
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
		if scheduled != nil {
			if n := scheduled.DueNote(p); n != "" {
				r.line(w, "    ", "    "+r.paint(ui.Dim, n))
			}
		}
		if timer {
			timedOut = true
			continue // no grade for a question left unanswered: it keeps the derived one
		}
		if grader == nil {
			continue
		}
		prompt := grader.GradePrompt(p)
		if prompt == "" {
			continue
		}
		r.line(w, "  ", prompt)
		w.printf("> ")
		for {
			text, stopped, rerr := r.readLine(ctx, w)
			if stopped != "" {
				sum.Stopped = stopped
				err = rerr
				break
			}
			gnote, gerr := grader.Grade(p, text)
			var retry *RetryError
			if errors.As(gerr, &retry) {
				r.line(w, "  ", "  "+retry.Msg.In(p))
				w.printf("> ")
				continue
			}
			if gerr != nil {
				err = i18n.Wrap(gerr, "drill.err.grade", "Question", q.Show)
			} else if gnote != "" {
				r.line(w, "  ", "  "+gnote)
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
// (timer). An answer of words may take several lines: it ends at an empty line, or by itself
// once every word is given. stopped is "interrupted" or "end of input" when the drill ends
// instead (err: a failed read); err alone is a failed write.
func (r *Runner) ask(ctx context.Context, q *Question, label, note string,
	after func(time.Duration) <-chan time.Time, w *errWriter) (res Result, typed string, timer bool, stopped string, err error) {
	p := printer(r.P)
	ask := q.Ask.In(p)
	if q.Form == FormWords {
		ask += " · " + p.N("drill.word_count", len(q.Words))
	}
	w.printf("\n")
	r.line(w, "  ", r.paint(ui.Dim, label)+" "+r.paint(ui.Accent, q.Show)+"  "+ask+note)
	w.printf("> ")
	if w.err != nil {
		return res, "", false, "", w.err
	}
	start := r.Now()
	var limit <-chan time.Time
	if r.TimeLimit > 0 {
		limit = after(r.TimeLimit)
	}
	var parts []string // the lines of an answer of words so far
	// giveUp: an empty line came before any word. A second one gives up; the first may be an
	// Enter too many after an answer that ended by itself, and must not answer this question.
	giveUp := false
	for {
		select {
		case <-ctx.Done():
			w.printf("\n")
			return res, "", false, "interrupted", nil
		case l, ok := <-r.next():
			if !ok || l.Err != nil {
				w.printf("\n")
				if ok {
					err = i18n.Wrap(l.Err, "drill.err.read")
				}
				if len(parts) > 0 && err == nil {
					// Ctrl-D after some words: those are the answer; the drill ends after it.
					res, _ = q.Judge(r.Lex, strings.Join(parts, " "))
					res.Elapsed = r.Now().Sub(start)
					return r.late(res), strings.Join(parts, " "), false, "", nil
				}
				return res, "", false, "end of input", err
			}
			if l.TooLong {
				r.line(w, "  ", "  "+p.T("fileio.answer_too_long", "Max", fileio.Size(lexicon.MaxAnswerLine)))
				w.printf("> ")
				continue
			}
			if r.Echo {
				w.printf("%s\n", l.Text)
			}
			text := strings.TrimSpace(l.Text)
			if q.Form != FormWords {
				res, jerr := q.Judge(r.Lex, text)
				if jerr != nil {
					r.line(w, "  ", "  "+inputMessage(p, jerr))
					w.printf("> ")
					continue
				}
				res.Elapsed = r.Now().Sub(start)
				return r.late(res), l.Text, false, "", nil
			}
			if text == "" && len(parts) == 0 && len(q.Words) > 0 && !giveUp {
				giveUp = true
				r.line(w, "  ", "  "+r.paint(ui.Dim, p.T("drill.give_up")))
				w.printf("> ")
				continue
			}
			if text != "" {
				if _, jerr := q.Judge(r.Lex, text); jerr != nil {
					r.line(w, "  ", "  "+inputMessage(p, jerr))
					w.printf("> ")
					continue
				}
				parts = append(parts, text)
			}
			res, _ = q.Judge(r.Lex, strings.Join(parts, " "))
			if text == "" || len(res.Missed) == 0 {
				res.Elapsed = r.Now().Sub(start)
				return r.late(res), strings.Join(parts, " "), false, "", nil
			}
			r.line(w, "  ", "  "+r.paint(ui.Dim, p.T("drill.more", "Found", res.Found(q), "Total", len(q.Words))))
			w.printf("> ")
		case <-limit:
			res, _ := q.Judge(r.Lex, strings.Join(parts, " "))
			res.Right, res.TimedOut, res.Elapsed = false, true, r.TimeLimit
			return res, strings.Join(parts, " "), true, "", nil
		}
	}
}

// late marks an answer given after the time limit: it counts wrong.
func (r *Runner) late(res Result) Result {
	if r.TimeLimit > 0 && res.Elapsed > r.TimeLimit {
		res.TimedOut, res.Right = true, false
	}
	return res
}

// inputMessage is what the player is told of a line the question cannot read.
func inputMessage(p *i18n.Printer, err error) string {
	var ie *InputError
	if errors.As(err, &ie) {
		return ie.Msg.In(p)
	}
	return p.Err(err)
}

// readLine waits for one line (echoed under a pipe). stopped is "interrupted" or "end of
// input" when the drill ends instead; err is a failed read.
func (r *Runner) readLine(ctx context.Context, w *errWriter) (text, stopped string, err error) {
	r.start()
	for {
		select {
		case <-ctx.Done():
			w.printf("\n")
			return "", "interrupted", nil
		case l, ok := <-r.next():
			if !ok || l.Err != nil {
				w.printf("\n")
				if ok {
					err = i18n.Wrap(l.Err, "drill.err.read")
				}
				return "", "end of input", err
			}
			if l.TooLong {
				w.printf("%s\n> ", printer(r.P).T("fileio.answer_too_long", "Max", fileio.Size(lexicon.MaxAnswerLine)))
				continue
			}
			if r.Echo {
				w.printf("%s\n", l.Text)
			}
			return l.Text, "", nil
		}
	}
}

// Ask shows prompt and reads one line: for the questions after a drill (a deck for the missed
// words). ok is false when the input ended, ctx was cancelled or the prompt cannot be written.
func (r *Runner) Ask(ctx context.Context, prompt string) (text string, ok bool) {
	w := &errWriter{w: r.Out}
	w.printf("%s ", r.fold("", prompt))
	text, stopped, _ := r.readLine(ctx, w)
	return strings.TrimSpace(text), stopped == "" && w.err == nil
}

// Say writes one line to the player, folded between words to the terminal's width.
func (r *Runner) Say(text string) error {
	_, err := fmt.Fprintln(r.Out, r.fold("", text))
	return err
}

func (r *Runner) record(q *Question, typed string, res Result) error {
	if r.Recorder == nil {
		return nil
	}
	err := r.Recorder.Record(NewAnswer(q, r.Lex.Name, typed, res, r.Now()))
	if err != nil {
		return i18n.Wrap(err, "drill.err.save", "Question", q.Show)
	}
	return nil
}

// NewAnswer is the answer typed to q, judged res, as it is saved: every front end records
// through it.
func NewAnswer(q *Question, lexiconName, typed string, res Result, at time.Time) Answer {
	return Answer{
		Kind: q.Kind, Card: q.Card, Shown: q.Show, Typed: strings.TrimSpace(typed),
		Expected: q.Expected(), Right: res.Right, TimedOut: res.TimedOut, Elapsed: res.Elapsed,
		Lexicon: lexiconName, CardID: q.CardID, At: at,
	}
}

// Count adds an answer to the summary: the counts, the time, and what it missed (Misses), each
// once. p writes the misses as the player sees them (CASQO (not valid)).
func (s *Summary) Count(p *i18n.Printer, lex *lexicon.Lexicon, q *Question, res Result) {
	p = printer(p)
	s.Answered++
	s.Time += res.Elapsed
	s.Seconds = s.Time.Seconds()
	s.MeanSeconds = s.Average().Seconds()
	if res.Right {
		s.Right++
	} else {
		s.Wrong++
	}
	if res.TimedOut {
		s.TimedOut++
	}
	if q.Form == FormWords {
		s.Words += len(q.Words)
		s.WordsFound += res.Found(q)
	}
	if res.Right {
		return
	}
	switch q.Form {
	case FormWords:
		shown := q.ShownWords()
		for i, word := range q.Words {
			if slices.Contains(res.Missed, word) {
				s.miss(lex.Tiles, shown[i], word, FormWords)
			}
		}
	case FormYesNo:
		if q.isRack {
			for _, word := range q.rackWords {
				shown := lex.Tiles.Display(letters(word))
				s.missTiles(shown, shown, letters(word), FormWords)
			}
			break
		}
		word := q.Show
		if q.Kind == KindTwos && q.tiles != nil {
			// Shown apart for its tile count (A·RR), named plainly for scripts (ARR).
			word = ShowTiles(lex.Tiles, q.tiles)
		}
		s.missTiles(q.Show+" ("+validText(p, q.Valid)+")", word, q.tiles, FormYesNo)
	case FormHooks:
		s.missTiles(q.Show, q.Show, q.tiles, FormHooks)
	}
}

// IsRack reports a yes/no question about a rack (is there a word with all its tiles?) rather
// than about a word.
func (q *Question) IsRack() bool { return q.isRack }

// Feedback is what the drill says after an answer, line by line (painted through UI), as Run
// shows it; the answer is counted into sum. Front ends that are not a line stream (the web
// interface) show it.
func (r *Runner) Feedback(q *Question, res Result, sum *Summary) []string {
	var b strings.Builder
	r.feedback(&errWriter{w: &b}, q, res, sum)
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

func (r *Runner) feedback(w *errWriter, q *Question, res Result, sum *Summary) {
	p := printer(r.P)
	sum.Count(p, r.Lex, q, res)
	took := fmtDuration(p, res.Elapsed)
	found := 0
	if q.Form == FormWords {
		found = res.Found(q)
	}
	var head string
	switch {
	case res.Right:
		head = "  " + r.paint(ui.Good, p.T("drill.right")) + " (" + took + ")"
	case res.TimedOut:
		head = "  " + r.paint(ui.Bad, p.T("drill.times_up")) + " (" + p.T("drill.took_limit", "Took", took, "Limit", fmtDuration(p, r.TimeLimit)) + ")"
	case q.Form == FormWords && found > 0 && len(q.Words) > 1:
		// partial credit
		head = "  " + r.paint(ui.Warn, p.T("drill.partly", "Found", found, "Total", len(q.Words))) + " (" + took + ")"
	default:
		head = "  " + r.paint(ui.Bad, p.T("drill.wrong")) + " (" + took + ")"
	}
	shown := q.ShownWords()
	switch q.Form {
	case FormWords:
		if res.Right {
			r.line(w, "  ", head+": "+listOrNone(p, shown))
			break
		}
		r.line(w, "  ", head)
		// each missed word once: all of them under "answers" when none was found
		label := "drill.fb.missed"
		if found == 0 {
			label = "drill.fb.answers"
		}
		var missed, got []string
		for i, word := range q.Words {
			if slices.Contains(res.Missed, word) {
				missed = append(missed, shown[i])
			} else {
				got = append(got, shown[i])
			}
		}
		// The words found are said too: a wrong word beside them does not hide them.
		if len(got) > 0 {
			r.labelled(w, p.T("drill.fb.found"), strings.Join(got, " "), ui.Good)
		}
		if len(q.Words) == 0 {
			missed = []string{p.T("drill.none")}
		}
		if len(missed) > 0 {
			r.labelled(w, p.T(label), strings.Join(missed, " "), ui.Warn)
		}
		if len(res.Wrong) > 0 {
			var ws []string
			for i, word := range res.Wrong {
				ws = append(ws, word+" ("+res.WrongWhy[i].In(p)+")")
			}
			r.labelled(w, p.T("drill.fb.wrong"), strings.Join(ws, ", "), ui.Bad)
		}
	case FormYesNo:
		switch {
		case q.isRack && q.Valid:
			r.line(w, "  ", head+": "+p.T("drill.fb.rack_yes", "Rack", q.Show))
		case q.isRack:
			r.line(w, "  ", head+": "+p.T("drill.fb.rack_no", "Rack", q.Show))
		default:
			verdict := p.T("drill.fb.is_not_valid", "Word", q.Show)
			if q.Valid {
				verdict = p.T("drill.fb.is_valid", "Word", q.Show)
			}
			r.line(w, "  ", head+": "+verdict)
		}
	case FormHooks:
		if res.Right {
			r.line(w, "  ", head+": "+hooksText(q.Front, q.Back))
			break
		}
		r.line(w, "  ", head)
		r.labelled(w, p.T("drill.fb.hooks"), hooksText(q.Front, q.Back), ui.Normal)
		if s := sides(p, res.MissedFront, res.MissedBack); s != "" {
			r.labelled(w, p.T("drill.fb.missed"), s, ui.Warn)
		}
		if s := sides(p, res.WrongFront, res.WrongBack); s != "" {
			r.labelled(w, p.T("drill.fb.wrong"), s, ui.Bad)
		}
	}
	if !q.Note.IsZero() {
		r.line(w, "    ", "    "+q.Note.In(p))
	}
}

// labelled writes "    label: text", text folded under itself; the texts of the feedback's
// labels start in one column.
func (r *Runner) labelled(w *errWriter, label, text string, st ui.Style) {
	p := printer(r.P)
	width := 0
	for _, l := range []string{p.T("drill.fb.answers"), p.T("drill.fb.found"), p.T("drill.fb.missed"), p.T("drill.fb.wrong"), p.T("drill.fb.hooks")} {
		width = max(width, len([]rune(l)))
	}
	head := "    " + label + " "
	if pad := 4 + width + 1 - len([]rune(head)); pad > 0 {
		head += strings.Repeat(" ", pad)
	}
	indent := strings.Repeat(" ", len([]rune(head)))
	w.printf("%s%s\n", head, r.paint(st, r.fold(indent, text)))
}

// sides writes hook tiles by side: "front C, L, R · back S".
func sides(p *i18n.Printer, front, back []string) string {
	var parts []string
	if len(front) > 0 {
		parts = append(parts, p.T("drill.fb.front", "Tiles", strings.Join(front, ", ")))
	}
	if len(back) > 0 {
		parts = append(parts, p.T("drill.fb.back", "Tiles", strings.Join(back, ", ")))
	}
	return strings.Join(parts, " · ")
}

// miss notes a missed word (spelt plainly as word) shown as show.
func (s *Summary) miss(ts *lexicon.TileSet, show, word string, form Form) {
	tiles, err := ts.ParseWord(word)
	if err != nil {
		tiles = nil
	}
	s.missTiles(show, word, tiles, form)
}

// missTiles notes a miss, once.
func (s *Summary) missTiles(show, word string, tiles []lexicon.Tile, form Form) {
	if slices.ContainsFunc(s.misses, func(m Miss) bool { return m.Show == show }) {
		return
	}
	s.Missed = append(s.Missed, word)
	s.misses = append(s.misses, Miss{Show: show, Word: word, Tiles: tiles, Form: form})
}

// SummaryLines is what the drill ends with (the counts, what was missed), as Run shows it.
func (r *Runner) SummaryLines(s Summary) []string {
	var b strings.Builder
	r.printSummary(&errWriter{w: &b}, s)
	return strings.Split(strings.Trim(b.String(), "\n"), "\n")
}

func (r *Runner) printSummary(w *errWriter, s Summary) {
	p := printer(r.P)
	var b strings.Builder
	b.WriteString(r.paint(ui.Bold, p.T("drill.summary.title")))
	switch s.Stopped {
	case "end of input":
		b.WriteString(" (" + p.T("drill.stopped.end_of_input") + ")")
	case "interrupted":
		b.WriteString(" (" + p.T("drill.stopped.interrupted") + ")")
	}
	b.WriteString(": " + p.T("drill.summary.answered", "Answered", p.Int(s.Answered), "Questions", p.Int(s.Questions)))
	if s.Again > 0 {
		b.WriteString(" " + p.N("drill.summary.again", s.Again))
	}
	b.WriteString(", " + p.T("drill.summary.right_wrong", "Right", r.paint(ui.Good, p.Int(s.Right)), "Wrong", r.paint(ui.Bad, p.Int(s.Wrong))))
	if s.TimedOut > 0 {
		b.WriteString(" " + p.T("drill.summary.timed_out", "Count", p.Int(s.TimedOut)))
	}
	if s.Answered > 0 {
		b.WriteString(", " + p.T("drill.summary.time", "Percent", p.Percent(float64(s.Right)/float64(s.Answered), 0),
			"Time", fmtDuration(p, s.Time), "Mean", fmtDuration(p, s.Average())))
	}
	if s.Words > 0 && s.WordsFound < s.Words {
		b.WriteString("; " + p.T("drill.summary.words", "Found", p.Int(s.WordsFound), "Words", p.Int(s.Words),
			"Percent", p.Percent(float64(s.WordsFound)/float64(s.Words), 0)))
	}
	w.printf("\n")
	r.line(w, "", b.String()+".")
	if len(s.misses) > 0 {
		shown := make([]string, len(s.misses))
		for i, m := range s.misses {
			shown[i] = m.Show
		}
		head := p.T("drill.summary.missed") + " "
		w.printf("%s%s\n", head, r.paint(ui.Warn, r.fold(strings.Repeat(" ", len([]rune(head))), strings.Join(shown, ", "))))
	}
}

// howToAnswer is the one-line instruction for the forms a drill uses.
func howToAnswer(p *i18n.Printer, qs []Question) string {
	var forms []Form
	for _, q := range qs {
		if !slices.Contains(forms, q.Form) {
			forms = append(forms, q.Form)
		}
	}
	var parts []string
	for _, f := range forms {
		switch f {
		case FormWords:
			parts = append(parts, p.T("drill.howto.words"))
		case FormYesNo:
			parts = append(parts, p.T("drill.howto.yes_no"))
		case FormHooks:
			parts = append(parts, p.T("drill.howto.hooks"))
		}
	}
	return strings.Join(parts, " ")
}

// hooksText writes hook tiles as they are typed: "A CH / S", "-" for a side without.
func hooksText(front, back []string) string {
	side := func(ts []string) string {
		if len(ts) == 0 {
			return "-"
		}
		return strings.Join(ts, " ")
	}
	return side(front) + " / " + side(back)
}

func listOrNone(p *i18n.Printer, ws []string) string {
	if len(ws) == 0 {
		return p.T("drill.none")
	}
	return strings.Join(ws, " ")
}

// fmtDuration shows seconds with one decimal: "3.2 s", "3,2 s".
func fmtDuration(p *i18n.Printer, d time.Duration) string {
	return p.Float(d.Seconds(), 1) + " s"
}

// paint colours s through the terminal (plain without one).
func (r *Runner) paint(st ui.Style, s string) string {
	if r.UI == nil {
		return s
	}
	return r.UI.Paint(st, s)
}

// line writes text and a newline, folded between words to the terminal's width, later lines
// after indent.
func (r *Runner) line(w *errWriter, indent, text string) {
	w.printf("%s\n", r.fold(indent, text))
}

// fold breaks text between words to the terminal's width, later lines after indent.
func (r *Runner) fold(indent, text string) string {
	if r.UI == nil {
		return text
	}
	return r.UI.Fold(indent, text)
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
