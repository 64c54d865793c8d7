"""The one home of the RDF: IRI minting (:mod:`.iris`), N-Quads terms and the streaming quad
writer (:mod:`.terms`), and the quads of each part of the model — the text (:mod:`.text`), the
prescribed steps (:mod:`.steps`), the Web Annotation evidence (:mod:`.annotation`) and the
dataset description (:mod:`.dataset`). Plain records from the readers, the matcher and the act
extractor flow down into it; nothing here is imported by them.
"""
