package leaves

import (
	"context"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// LearnFile is a learning run that writes its table to a KLV2 file, with its checkpoint beside
// it: what `atril leaves learn` runs.
type LearnFile struct {
	LearnOptions        // Checkpoint is set by Run: CheckpointPath(Out)
	Out          string // the KLV2 file to write
	FromName     string // the From table as the user gave it (builtin, handset, a path), for the report
}

// CheckpointPath is where a run writing out (a table, or a shard's statistics) keeps its state
// for resuming.
func CheckpointPath(out string) string { return out + ".ckpt" }

// Run learns the table and writes it. The output is taken before the learning, not after hours
// of it: a device or a FIFO is refused, and so is a second run writing the same table (which
// would also share the checkpoint). Once the table is written the checkpoint goes: nothing is
// left to resume. The error of a cancelled run wraps ctx's.
func (lf LearnFile) Run(ctx context.Context) (*LearnReport, error) {
	o := lf.LearnOptions
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Method == "" {
		o.Method = Racks
	}
	o.Checkpoint = CheckpointPath(lf.Out)
	table, err := fileio.Create(lf.Out)
	if err != nil {
		return nil, err
	}
	defer table.Abort()
	res, err := Learn(ctx, o)
	if err != nil {
		return nil, err
	}
	if err := commitTable(table, lf.Out, res.WriteKLV); err != nil {
		return nil, err
	}
	os.Remove(o.Checkpoint)
	elapsed := time.Duration(res.Seconds * float64(time.Second)) // across resumes
	out := &LearnReport{Out: lf.Out, Lexicon: o.Lexicon.Name, Tiles: o.Lexicon.Tiles.Name, Games: o.Games, Generations: o.Generations,
		Seed: o.Seed, From: lf.FromName, Method: string(o.Method), Workers: o.Workers, Leaves: len(res.Values),
		Seconds: elapsed.Seconds(), Reports: res.Reports}
	if s := elapsed.Seconds(); s > 0 {
		out.GamesPerSec = float64(o.Games*o.Generations) / s
	}
	return out, nil
}

// commitTable writes a table with write to f, the output file path taken with fileio.Create,
// and commits it.
func commitTable(f *fileio.Output, path string, write func(io.Writer) error) error {
	if err := write(f); err != nil {
		return i18n.Wrap(err, "leaves.err.out_write", "File", path)
	}
	if err := f.Commit(); err != nil {
		return i18n.Wrap(err, "leaves.err.out_write", "File", path)
	}
	return nil
}

// Doc is the run as `atril leaves learn` shows it: what was played, each generation's fit, the
// speed.
func (o *LearnReport) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().H1(p.T("leaves.learn.title", "File", o.Out)).
		P(p.T("leaves.learn.summary", "Games", p.N("leaves.count.games", o.Games), "Generations", p.N("leaves.count.generations", o.Generations), "Seed", o.Seed, "Lexicon", o.Lexicon, "Tiles", o.Tiles))
	t := FitTable(p, o.Reports, 1)
	d.Table(t).Note(p.T("leaves.learn.note"))
	return d.P(p.T("leaves.learn.speed", "Total", p.Int(o.Games*o.Generations), "Time", p.Duration(time.Duration(o.Seconds*float64(time.Second))),
		"Rate", p.Float(o.GamesPerSec, 0), "Workers", o.Workers))
}
