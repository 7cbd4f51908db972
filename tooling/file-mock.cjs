// Files webpack emits as a URL (fonts) import as this URL under jest.
module.exports = '/assets/test-file-stub';
