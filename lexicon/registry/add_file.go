package registry

import (
	"io"
	"path/filepath"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/lexicon"
)

// StdinSource is the Source recorded for a lexicon read from standard input.
const StdinSource = "standard input"

// AddFile is Add of the file named file ("-", fileio.Stdin: stdin), a regular file only, with
// its absolute path recorded as the Source; opt's File and Source are set here.
func (r *Registry) AddFile(name, file string, stdin io.Reader, opt AddOptions) (lexicon.Info, lexicon.ListProblems, error) {
	in, err := fileio.OpenArg(file, stdin)
	if err != nil {
		return lexicon.Info{}, nil, err
	}
	defer in.Close()
	opt.File, opt.Source = file, StdinSource
	if file != fileio.Stdin {
		if opt.Source, err = filepath.Abs(file); err != nil {
			opt.Source = file
		}
	}
	return r.Add(name, in, opt)
}
