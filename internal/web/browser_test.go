package web

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles"
)

// The web interface in a real browser: headless Chromium (Debian's chromium package) driven
// over the DevTools protocol. Skipped, saying so, where no Chromium is installed; .ci/run
// installs it.
//
//	go test ./internal/web -run Browser -screenshots   # also writes screenshots/*.png

var screenshots = flag.Bool("screenshots", false, "write the README's screenshots to internal/web/screenshots")

// chromium finds a Chromium or Chrome to drive.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func TestBrowser(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("no Chromium installed (Debian: apt-get install chromium): the browser tests are skipped")
	}
	f := server(t)
	profile := t.TempDir()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.UserDataDir(profile),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("lang", "en-US"), chromedp.WindowSize(1280, 800),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	run := func(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatal(err)
		}
	}
	// The first action starts the browser: no timeout on its context (it would stop the
	// browser); a bound on each subtest's instead.
	if err := chromedp.Do(ctx, chromedp.Navigate(f.url+"/?lang=en")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	text := func(t *testing.T, sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	t.Run("today", func(t *testing.T) {
		run(t, chromedp.Navigate(f.url+"/"))
		title := text(t, "main h1")
		if !strings.HasPrefix(title, "Today") {
			t.Errorf("today's title is %q", title)
		}
	})

	t.Run("two-tile question", func(t *testing.T) {
		before := countAnswers(t, f.store)
		run(t, chromedp.Navigate(f.url+"/drill"),
			chromedp.Click(chromedp.CSS(`#drill-twos button[type=submit]`)),
			chromedp.WaitVisible(chromedp.CSS(`#shown`)))
		shown := text(t, "#shown")
		// Valid or not: the lexicon says, and the page must agree.
		tiles, err := f.lex.Tiles.ParseWord(strings.ReplaceAll(shown, "·", ""))
		if err != nil {
			t.Fatalf("shown %q: %v", shown, err)
		}
		valid := f.lex.Contains(tiles)
		button := "#answer-no"
		if valid {
			button = "#answer-yes"
		}
		run(t, chromedp.Click(chromedp.CSS(button)), chromedp.WaitVisible(chromedp.CSS(`#feedback`)))
		feedback := text(t, "#feedback")
		if !strings.Contains(feedback, "right") {
			t.Errorf("answered %s rightly, the page says %q", shown, feedback)
		}
		as, err := f.store.Answers(context.Background(), studystore.AnswerQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if len(as) != before+1 {
			t.Fatalf("%d answers saved, want 1", len(as)-before)
		}
		if a := as[len(as)-1]; a.Drill != "twos" || a.Question != shown || !a.Correct {
			t.Errorf("saved %s %q correct=%v, want twos %q correct", a.Drill, a.Question, a.Correct, shown)
		}
	})

	t.Run("puzzle by clicking the board", func(t *testing.T) {
		svc := f.srv.puzzleService()
		pz, err := svc.Next(context.Background(), puzzles.Filter{Kind: puzzles.KindBingo})
		if err != nil {
			pz, err = svc.Next(context.Background(), puzzles.Filter{})
		}
		if err != nil {
			t.Fatalf("no puzzle to solve: %v", err)
		}
		run(t, chromedp.Navigate(f.url+"/puzzle/"+strconv.FormatInt(pz.ID, 10)), chromedp.WaitVisible(chromedp.CSS(`.board.live`)))
		if *screenshots {
			shoot(t, ctx, "puzzle")
		}
		// The answer, tile by tile: take the tile from the rack, put it on its square (a
		// blank asks for its letter).
		a := pz.Answers[0]
		m, err := engine.ParseMove(a.Move, pz.Position.Board, pz.Position.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		ts := pz.Position.Tiles
		r, c := int(m.Row), int(m.Col)
		placed := 0
		for i := 0; i < int(m.Len); i++ {
			tile := m.Tiles[i]
			if tile != engine.PlayedThrough && pz.Position.Board.IsEmpty(r, c) {
				label := ts.Label(tile.Letter())
				rackLabel := label
				if tile.IsBlanked() {
					rackLabel = "?"
				}
				sq := fmt.Sprintf(`.sq[data-r="%d"][data-c="%d"]`, r, c)
				run(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.rack .rt:not(.used) .tile[data-label=%q]`, rackLabel))),
					chromedp.Click(chromedp.CSS(sq)))
				if tile.IsBlanked() {
					run(t, chromedp.Click(chromedp.Search(fmt.Sprintf(`//div[@id="picker"]//button[text()=%q]`, label))))
				}
				run(t, chromedp.WaitVisible(chromedp.CSS(sq+` .tile.pending`)))
				placed++
			}
			if m.Vertical {
				r++
			} else {
				c++
			}
		}
		run(t, chromedp.Click(chromedp.CSS(`#submit-play`)), chromedp.WaitVisible(chromedp.CSS(`#solution`)))
		solution := text(t, "#notes")
		fresh, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".left .sq.fresh").length`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(solution, "Right") {
			t.Errorf("solved %s (%s), the page says %q", a.Move, a.Word, solution)
		}
		if fresh != placed {
			t.Errorf("the board afterwards shows %d tiles just played, want the answer's %d", fresh, placed)
		}
		at, err := f.store.PuzzleAttempts(context.Background(), pz.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(at) != 1 || !at[0].Correct {
			t.Fatalf("puzzle %d attempts %+v, want one right", pz.ID, at)
		}
		if *screenshots {
			shoot(t, ctx, "puzzle-solved")
		}
	})

	t.Run("stats", func(t *testing.T) {
		run(t, chromedp.Navigate(f.url+"/stats"), chromedp.WaitVisible(chromedp.CSS(`.plot img`)))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".plot img").complete && document.querySelector(".plot img").naturalWidth > 0`,
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Errorf("the plot did not load: %v", err)
		}
		if *screenshots {
			shoot(t, ctx, "stats")
		}
	})

	// On a phone every page must be one tap away: no link of the menu hidden past the edge.
	t.Run("phone menu shows every page", func(t *testing.T) {
		run(t, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile),
			chromedp.Navigate(f.url+"/stats"), chromedp.WaitVisible(chromedp.CSS(`header nav`)))
		defer run(t, chromedp.EmulateViewport(1280, 800))
		hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("header nav a")).filter(a => {
			const r = a.getBoundingClientRect();
			return r.width === 0 || r.left < 0 || r.right > window.innerWidth + 0.5 || r.top < 0 || r.bottom > window.innerHeight;
		}).map(a => a.textContent.trim())`))
		if err != nil {
			t.Fatal(err)
		}
		if len(hidden) > 0 {
			t.Errorf("at 390x844 the menu hides %v", hidden)
		}
	})

	if *screenshots {
		t.Run("more screenshots", func(t *testing.T) {
			run(t, chromedp.Navigate(f.url+"/"), chromedp.WaitVisible(chromedp.CSS(`.actions`)))
			shoot(t, ctx, "today")
			run(t, chromedp.Navigate(f.url+"/drill"), chromedp.Click(chromedp.CSS(`#drill-anagram button[type=submit]`)),
				chromedp.WaitVisible(chromedp.CSS(`#shown`)))
			shoot(t, ctx, "drill")
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("answer").value = "CASA ZZZ"; true`)); err != nil {
				t.Fatal(err)
			}
			run(t, chromedp.Click(chromedp.CSS(`#answer-form button[type=submit]`)), chromedp.WaitVisible(chromedp.CSS(`#feedback`)))
			shoot(t, ctx, "drill-feedback")
			run(t, chromedp.Navigate(f.url+"/play"), chromedp.Click(chromedp.CSS(`form[action="/play/new"] button`)),
				chromedp.WaitVisible(chromedp.CSS(`.board`)))
			shoot(t, ctx, "play")
			run(t, chromedp.Navigate(f.url+"/decks"), chromedp.WaitVisible(chromedp.CSS(`.deck-form`)))
			shoot(t, ctx, "decks")
		})
	}
}

// shoot writes the page at a desktop's and a phone's size: screenshots/NAME-1280x800.png and
// NAME-390x844.png.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := "screenshots"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if size[0] < 600 {
			opts = append(opts, chromedp.EmulateMobile)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1], opts...), chromedp.Sleep(300*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1]))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
}
