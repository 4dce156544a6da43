package fwk_test

// A port of Flask-WTF's tests/test_file.py (wtforms/flask-wtf at 2c408dd,
// August 2024), test by test, through real HTTP (portServer). The upstream
// fixture UploadForm has a FileField "file" and a MultipleFileField
// "files"; Flask-WTF adds validators to it per test, fwk declares them as
// tags, so each test has its form type: FileRequired is `required`,
// FileAllowed(["txt"]) `file_allowed=txt`, FileSize(100, min_size=1)
// `file_size=1 100`, Length(2, 3) `min=2,max=3`. Upstream's
// form(MultiDict(...)) is a multipart request whose file parts have the
// named file name, or an empty one (what a browser sends for an empty file
// input, Werkzeug's FileStorage() without a filename); form(file=...) is
// FormKwargs with a *multipart.FileHeader.
//
//	test_process_formdata                          TestFlaskWTFFileProcessFormdata
//	test_file_required                             TestFlaskWTFFileRequired (form(file="not a file"): a
//	                                               value that is not a file is no file)
//	test_file_allowed                              TestFlaskWTFFileAllowed
//	test_file_allowed_uploadset                    not applicable: Flask-Uploads' UploadSet (skipped
//	                                               upstream without it); file_allowed takes the list
//	test_file_size_no_file_passes_validation       TestFlaskWTFFileSizeNoFile
//	test_file_size_small_file_passes_validation    TestFlaskWTFFileSizeSmallFile
//	test_file_size_invalid_file_size_fails_validation[1-100-0], [0-100-101]
//	                                               TestFlaskWTFFileSizeInvalid (both cases)
//	test_validate_base_field                       TestFlaskWTFFileValidateBaseField (fwk has one file
//	                                               field type, *multipart.FileHeader)
//	test_process_formdata_for_files                TestFlaskWTFFilesProcessFormdata
//	test_files_required                            TestFlaskWTFFilesRequired (with the older
//	                                               files=["not a file", "not a file"] too)
//	test_files_allowed                             TestFlaskWTFFilesAllowed
//	test_files_allowed_uploadset                   not applicable: UploadSet, as above
//	test_validate_base_multiple_field              TestFlaskWTFFilesValidateBaseField
//	test_file_size_small_files_pass_validation     TestFlaskWTFFilesSizeSmallFile
//	test_file_size_invalid_file_sizes_fails_validation[1-100-0], [0-100-101]
//	                                               TestFlaskWTFFilesSizeInvalid (both cases)
//	test_files_length                              TestFlaskWTFFilesLength

import (
	"mime/multipart"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// uploadForm is the fixture's UploadForm without validators.
type uploadForm struct {
	fwk.Form
	File  *multipart.FileHeader
	Files []*multipart.FileHeader
}

type fileRequiredForm struct {
	fwk.Form
	File  *multipart.FileHeader `validate:"required"`
	Files []*multipart.FileHeader
}

type filesRequiredForm struct {
	fwk.Form
	File  *multipart.FileHeader
	Files []*multipart.FileHeader `validate:"required"`
}

type fileAllowedForm struct {
	fwk.Form
	File  *multipart.FileHeader   `validate:"file_allowed=txt"`
	Files []*multipart.FileHeader `validate:"file_allowed=txt"`
}

type fileSizeMaxForm struct {
	fwk.Form
	File  *multipart.FileHeader   `validate:"file_size=100"`
	Files []*multipart.FileHeader `validate:"file_size=100"`
}

type fileSize1To100Form struct {
	fwk.Form
	File  *multipart.FileHeader   `validate:"file_size=1 100"`
	Files []*multipart.FileHeader `validate:"file_size=1 100"`
}

type fileSize0To100Form struct {
	fwk.Form
	File  *multipart.FileHeader   `validate:"file_size=0 100"`
	Files []*multipart.FileHeader `validate:"file_size=0 100"`
}

type filesLengthForm struct {
	fwk.Form
	File  *multipart.FileHeader
	Files []*multipart.FileHeader `validate:"min=2,max=3"`
}

// named is an uploaded file header of that name, as Werkzeug's
// FileStorage(filename=name); "" is FileStorage().
func named(name string) *multipart.FileHeader { return &multipart.FileHeader{Filename: name} }

// fileCase binds a fresh form of newForm's type with kwargs and checks
// Validate's answer and the first message of field.
type fileCase struct {
	kwargs map[string]any
	valid  bool
	field  string // whose first message is msg, when msg is set
	msg    string
}

// runFileCases checks the cases in one GET view (the upstream req_ctx).
func runFileCases(t *testing.T, newForm func() any, cases ...fileCase) {
	t.Helper()
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		for i, tc := range cases {
			f := newForm()
			if err := fwk.BindForm(ctx, f, noCSRF, fwk.FormKwargs(tc.kwargs)); err != nil {
				t.Errorf("case %d: BindForm: %v", i, err)
				continue
			}
			form := formOf(f)
			if got := form.Validate(); got != tc.valid {
				t.Errorf("case %d %v: validate = %v, errors %v", i, tc.kwargs, got, form.Errors())
			}
			if msgs := form.Errors()[tc.field]; tc.msg != "" && (len(msgs) == 0 || msgs[0] != tc.msg) {
				t.Errorf("case %d: %s errors %q, want %q first", i, tc.field, msgs, tc.msg)
			}
		}
		return ctx.NoContent()
	})
	portCall(t, base, c, ran, "GET", "/", "", "")
}

// boundForm is what a form struct gets from the fwk.Form it embeds.
type boundForm interface {
	Validate() bool
	Errors() map[string][]string
}

// formOf returns f's promoted Form methods.
func formOf(f any) boundForm { return f.(boundForm) }

func TestFlaskWTFFileProcessFormdata(t *testing.T) {
	var got []*multipart.FileHeader
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := &uploadForm{}
		if err := fwk.BindForm(ctx, f, noCSRF); err != nil {
			return err
		}
		got = append(got, f.File)
		return ctx.NoContent()
	})
	for _, name := range []string{"", "real"} {
		ct, body := uploadBody(t, uploadPart{name: "file", filename: name, file: true})
		portCall(t, base, c, ran, "POST", "/", ct, body)
	}
	if got[0] != nil {
		t.Errorf("a file part without a name: data %+v, want None", got[0])
	}
	if got[1] == nil || got[1].Filename != "real" {
		t.Errorf("file real: data %+v", got[1])
	}
}

func TestFlaskWTFFilesProcessFormdata(t *testing.T) {
	var got [][]*multipart.FileHeader
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := &uploadForm{}
		if err := fwk.BindForm(ctx, f, noCSRF); err != nil {
			return err
		}
		got = append(got, f.Files)
		return ctx.NoContent()
	})
	for _, names := range [][2]string{{"", ""}, {"a.jpg", "b.jpg"}} {
		ct, body := uploadBody(t, uploadPart{name: "files", filename: names[0], file: true},
			uploadPart{name: "files", filename: names[1], file: true})
		portCall(t, base, c, ran, "POST", "/", ct, body)
	}
	if got[0] != nil {
		t.Errorf("file parts without names: data %v, want None", got[0])
	}
	if len(got[1]) != 2 {
		t.Errorf("a.jpg, b.jpg: data %v", got[1])
	}
}

func TestFlaskWTFFileRequired(t *testing.T) {
	runFileCases(t, func() any { return &fileRequiredForm{} },
		fileCase{nil, false, "file", "This field is required."},
		fileCase{map[string]any{"file": "not a file"}, false, "file", "This field is required."},
		fileCase{map[string]any{"file": named("")}, false, "", ""},
		fileCase{map[string]any{"file": named("real")}, true, "", ""})
}

func TestFlaskWTFFileValidateBaseField(t *testing.T) {
	runFileCases(t, func() any { return &fileRequiredForm{} },
		fileCase{nil, false, "", ""},
		fileCase{map[string]any{"file": named("")}, false, "", ""},
		fileCase{map[string]any{"file": named("real")}, true, "", ""},
		fileCase{map[string]any{"file": named("real")}, true, "", ""})
}

func TestFlaskWTFFilesRequired(t *testing.T) {
	runFileCases(t, func() any { return &filesRequiredForm{} },
		fileCase{nil, false, "files", "This field is required."},
		fileCase{map[string]any{"files": "not a file"}, false, "files", "This field is required."},
		fileCase{map[string]any{"files": []string{"not a file", "not a file"}}, false, "files", "This field is required."},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("")}}, false, "", ""},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("real")}}, true, "", ""})
}

func TestFlaskWTFFilesValidateBaseField(t *testing.T) {
	runFileCases(t, func() any { return &filesRequiredForm{} },
		fileCase{nil, false, "", ""},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("")}}, false, "", ""},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("real")}}, true, "", ""})
}

func TestFlaskWTFFileAllowed(t *testing.T) {
	runFileCases(t, func() any { return &fileAllowedForm{} },
		fileCase{nil, true, "", ""},
		fileCase{map[string]any{"file": named("test.txt")}, true, "", ""},
		fileCase{map[string]any{"file": named("test.png")}, false, "file", "File does not have an approved extension: txt"})
}

func TestFlaskWTFFilesAllowed(t *testing.T) {
	runFileCases(t, func() any { return &fileAllowedForm{} },
		fileCase{nil, true, "", ""},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("test.txt"), named("test2.txt")}}, true, "", ""},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("test.txt"), named("test.png")}}, false,
			"files", "File does not have an approved extension: txt"})
}

func TestFlaskWTFFileSizeNoFile(t *testing.T) {
	runFileCases(t, func() any { return &fileSizeMaxForm{} }, fileCase{nil, true, "", ""})
}

// uploadValidate posts the parts to a view binding newForm and checks
// Validate's answer and the first message of field.
func uploadValidate(t *testing.T, newForm func() any, valid bool, field, msg string, parts ...uploadPart) {
	t.Helper()
	base, c, ran := portServer(t, fwk.DefaultConfig(), func(ctx *fwk.Ctx) error {
		f := newForm()
		if err := fwk.BindForm(ctx, f, noCSRF); err != nil {
			return err
		}
		form := formOf(f)
		if got := form.Validate(); got != valid {
			t.Errorf("validate = %v, errors %v", got, form.Errors())
		}
		if msgs := form.Errors()[field]; msg != "" && (len(msgs) == 0 || msgs[0] != msg) {
			t.Errorf("%s errors %q, want %q first", field, msgs, msg)
		}
		return ctx.NoContent()
	})
	ct, body := uploadBody(t, parts...)
	portCall(t, base, c, ran, "POST", "/", ct, body)
}

func TestFlaskWTFFileSizeSmallFile(t *testing.T) {
	uploadValidate(t, func() any { return &fileSizeMaxForm{} }, true, "", "",
		uploadPart{name: "file", filename: "test_file_smaller_than_max.txt", content: "\x00", file: true})
}

func TestFlaskWTFFilesSizeSmallFile(t *testing.T) {
	uploadValidate(t, func() any { return &fileSizeMaxForm{} }, true, "", "",
		uploadPart{name: "files", filename: "test_file_smaller_than_max.txt", content: "\x00", file: true})
}

func TestFlaskWTFFileSizeInvalid(t *testing.T) {
	uploadValidate(t, func() any { return &fileSize1To100Form{} }, false, "file", "File must be between 1 and 100 bytes.",
		uploadPart{name: "file", filename: "test_file_invalid_size.txt", file: true})
	uploadValidate(t, func() any { return &fileSize0To100Form{} }, false, "file", "File must be between 0 and 100 bytes.",
		uploadPart{name: "file", filename: "test_file_invalid_size.txt", content: strings.Repeat("\x00", 101), file: true})
}

func TestFlaskWTFFilesSizeInvalid(t *testing.T) {
	uploadValidate(t, func() any { return &fileSize1To100Form{} }, false, "files", "File must be between 1 and 100 bytes.",
		uploadPart{name: "files", filename: "test_file_invalid_size.txt", file: true})
	uploadValidate(t, func() any { return &fileSize0To100Form{} }, false, "files", "File must be between 0 and 100 bytes.",
		uploadPart{name: "files", filename: "test_file_invalid_size.txt", content: strings.Repeat("\x00", 101), file: true})
}

func TestFlaskWTFFilesLength(t *testing.T) {
	runFileCases(t, func() any { return &filesLengthForm{} },
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("")}}, false,
			"files", "Field must be between 2 and 3 characters long."},
		fileCase{map[string]any{"files": []*multipart.FileHeader{named("1"), named("2")}}, true, "", ""})
}
