package ui

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress draws a progress bar on a terminal's stderr, "[#####.....] 45/100 partidas · 12,3/s ·
// 1 min", at most ten times a second; on anything that is not a terminal it draws nothing
// (scripts read stderr too, and the summary says how long it took).
type Progress struct {
	w      io.Writer
	tty    bool
	now    func() time.Time
	total  int
	label  func(done, total int, rate float64, left time.Duration) string
	start  time.Time
	last   time.Time
	drawn  bool
	prefix string
}

// NewProgress starts a bar for total steps. label writes the text after the bar in the reader's
// language, from the steps done, the rate per second and the time left (0 when unknown).
func NewProgress(w io.Writer, tty bool, now func() time.Time, total int, label func(done, total int, rate float64, left time.Duration) string) *Progress {
	if now == nil {
		now = time.Now
	}
	return &Progress{w: w, tty: tty, now: now, total: total, label: label, start: now()}
}

// Prefix sets what the bar starts with ("generación 2/3").
func (b *Progress) Prefix(s string) { b.prefix = s }

// Restart counts time again from now (a new stage with its own total).
func (b *Progress) Restart(total int) {
	b.total = total
	b.start = b.now()
	b.last = time.Time{}
}

// Update shows done steps of the total.
func (b *Progress) Update(done int) {
	if !b.tty {
		return
	}
	now := b.now()
	if done < b.total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 24
	fill := 0
	if b.total > 0 {
		fill = min(width, width*done/b.total)
	}
	rate := 0.0
	var left time.Duration
	if s := now.Sub(b.start).Seconds(); s > 0 && done > 0 {
		rate = float64(done) / s
		left = time.Duration(float64(b.total-done) / rate * float64(time.Second))
	}
	text := b.label(done, b.total, rate, left)
	if b.prefix != "" {
		text = b.prefix + " " + text
	}
	fmt.Fprintf(b.w, "\r\x1b[K[%s%s] %s", strings.Repeat("#", fill), strings.Repeat(".", width-fill), text)
	b.drawn = true
}

// Steps shows done steps of total for work that says its total with each step (a callback of
// done and total): the first step starts the clock again with the total.
func (b *Progress) Steps(done, total int) {
	if done == 1 {
		b.Restart(total)
	}
	b.Update(done)
}

// Finish ends the bar's line.
func (b *Progress) Finish() {
	if b.tty && b.drawn {
		fmt.Fprintln(b.w)
		b.drawn = false
	}
}

// Clear erases the bar (before something else is said on stderr).
func (b *Progress) Clear() {
	if b.tty && b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
		b.drawn = false
	}
}

// Status shows what a step of unknown length is doing on a terminal ("compiling 600,000
// words"), on one line that Clear erases; on a pipe it shows nothing.
func (b *Progress) Status(text string) {
	if !b.tty {
		return
	}
	fmt.Fprintf(b.w, "\r\x1b[K%s", text)
	b.drawn = true
}
