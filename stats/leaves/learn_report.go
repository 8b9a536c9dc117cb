package leaves

import (
	"fmt"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// LearnReport is a learning run as `leaves learn --json` prints it.
type LearnReport struct {
	Out         string      `json:"out"`
	Lexicon     string      `json:"lexicon"`
	Tiles       string      `json:"tiles"`
	Games       int         `json:"games"`
	Generations int         `json:"generations"`
	Seed        uint64      `json:"seed"`
	From        string      `json:"from"`
	Method      string      `json:"method"`
	Workers     int         `json:"workers"`
	Leaves      int         `json:"leaves"`
	Seconds     float64     `json:"seconds"`
	GamesPerSec float64     `json:"games_per_second"`
	Reports     []FitReport `json:"reports"`
}

// FitTable is the table of what each generation's fit found; first is the first report's
// generation.
func FitTable(p *i18n.Printer, reports []FitReport, first int) *ui.Table {
	t := ui.NewTable(ui.Col{Header: p.T("leaves.learn.gen"), Right: true}, ui.Col{Header: p.T("leaves.learn.turns"), Right: true},
		ui.Col{Header: p.T("leaves.learn.racks"), Right: true}, ui.Col{Header: p.T("leaves.learn.baseline"), Right: true},
		ui.Col{Header: p.T("leaves.learn.measured"), Right: true}, ui.Col{Header: p.T("leaves.learn.prior")})
	for i, r := range reports {
		measured := 0
		sds := make([]string, 0, 6)
		for k := 1; k < len(r.Measured); k++ {
			measured += r.Measured[k]
			sds = append(sds, p.Float(r.PriorSD[k], 1))
		}
		t.Row(fmt.Sprint(first+i), p.Int(int(r.Turns)), p.Int(r.Racks), p.Float(r.Baseline, 1), p.Int(measured), strings.Join(sds, " · "))
	}
	return t
}
