package fwk

// Validation tags for uploaded files, registered on every App's validator
// (Flask-WTF's file validators):
//
//	tag                     Flask-WTF                      passes
//	file_allowed=txt png    FileAllowed(["txt", "png"])    every file's name ends in .txt or .png (any case)
//	file_size=100           FileSize(max_size=100)         every file has at most 100 bytes
//	file_size=1 100         FileSize(100, min_size=1)      every file has 1 to 100 bytes
//
// They check a *multipart.FileHeader or a []*multipart.FileHeader field,
// and pass when there is no file (add `required` to ask for one), as
// Flask-WTF's do.

import (
	"fmt"
	"mime/multipart"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
)

// The file tags.
const (
	tagFileAllowed = "file_allowed"
	tagFileSize    = "file_size"
)

// registerFileTags adds the file tags to v.
func registerFileTags(v *validator.Validate) {
	// Errors only for a tag name the validator refuses: these are fixed.
	_ = v.RegisterValidation(tagFileAllowed, fileAllowed, true)
	_ = v.RegisterValidation(tagFileSize, fileSize, true)
}

// uploadedFiles returns the files of a file field's value (nil pointer,
// FileHeader, or a slice of pointers), and whether they are all real files
// with a name: Flask-WTF's "all(x) and field_data".
func uploadedFiles(v reflect.Value) ([]*multipart.FileHeader, bool) {
	var files []*multipart.FileHeader
	switch x := v.Interface().(type) {
	case multipart.FileHeader:
		if v.CanAddr() {
			files = []*multipart.FileHeader{v.Addr().Interface().(*multipart.FileHeader)}
		} else {
			files = []*multipart.FileHeader{&x}
		}
	case *multipart.FileHeader:
		if x != nil {
			files = []*multipart.FileHeader{x}
		}
	case []*multipart.FileHeader:
		files = x
	}
	return files, realFiles(files)
}

// realFiles reports whether files is not empty and each has a file name.
func realFiles(files []*multipart.FileHeader) bool {
	for _, f := range files {
		if f == nil || f.Filename == "" {
			return false
		}
	}
	return len(files) > 0
}

// fileAllowed is the file_allowed tag.
func fileAllowed(fl validator.FieldLevel) bool {
	files, ok := uploadedFiles(fl.Field())
	if !ok {
		return true
	}
	exts := strings.Fields(fl.Param())
	for _, f := range files {
		name := strings.ToLower(f.Filename)
		allowed := false
		for _, e := range exts {
			allowed = allowed || strings.HasSuffix(name, "."+strings.ToLower(e))
		}
		if !allowed {
			return false
		}
	}
	return true
}

// fileSize is the file_size tag.
func fileSize(fl validator.FieldLevel) bool {
	lo, hi, err := fileSizeBounds(fl.Param())
	if err != nil {
		panic(err) // as the validator does for a malformed parameter
	}
	files, ok := uploadedFiles(fl.Field())
	if !ok {
		return true
	}
	for _, f := range files {
		if f.Size < lo || f.Size > hi {
			return false
		}
	}
	return true
}

// fileSizeBounds parses file_size's parameter: "max" or "min max", in
// bytes.
func fileSizeBounds(p string) (lo, hi int64, err error) {
	f := strings.Fields(p)
	nums := make([]int64, len(f))
	for i, s := range f {
		if nums[i], err = strconv.ParseInt(s, 10, 64); err == nil && nums[i] < 0 {
			err = strconv.ErrRange
		}
		if err != nil {
			break
		}
	}
	switch {
	case err == nil && len(nums) == 1:
		return 0, nums[0], nil
	case err == nil && len(nums) == 2 && nums[0] <= nums[1]:
		return nums[0], nums[1], nil
	}
	return 0, 0, fmt.Errorf("fwk: validate tag %s=%q: want a size in bytes, or a minimum and a maximum", tagFileSize, p)
}
