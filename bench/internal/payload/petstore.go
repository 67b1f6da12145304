package payload

// PetstorePet is the Pet of the petstore server benchmarks
// (specs/petstore.yaml): what GET /pet/10 returns and POST /pet sends and
// gets back.
const PetstorePet = `{"id":10,"name":"doggie","category":{"id":1,"name":"Dogs"},"photoUrls":["https://example.com/photos/doggie-1.jpg","https://example.com/photos/doggie-2.jpg"],"tags":[{"id":1,"name":"friendly"}],"status":"available"}`
