// Business notes in schema linking and in the prompt: a synonym, a note's word or a glossary
// term links its table in a warehouse of thousands; the notes stand next to their names; the
// definitions and notes are in the token budget.

#include "core/llm/tokenestimate.h"
#include "core/loop/promptbuilder.h"
#include "core/schema/noteindex.h"
#include "core/schema/schemalinker.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

CatalogTable table(const QString &name, const QStringList &columns, const QString &comment = {})
{
    CatalogTable t;
    t.name = name;
    t.comment = comment;
    for (const QString &column : columns) {
        CatalogColumn c;
        c.name = column;
        c.type = u"INTEGER"_s;
        c.primaryKeyPosition = column == u"id"_s ? 1 : 0;
        if (column == u"st"_s)
            c.comment = u"state code from the billing system"_s;
        t.columns.append(c);
    }
    return t;
}

// Names nobody would guess: the notes are what tell the model what they hold.
QList<CatalogTable> warehouse(int filler)
{
    QList<CatalogTable> tables;
    for (int i = 0; i < filler; ++i)
        tables.append(table(u"stage_%1_metric_%2"_s.arg(i % 97).arg(i),
                            {u"id"_s, u"batch_%1"_s.arg(i % 13), u"value"_s, u"loaded_at"_s}));
    tables.append(table(u"t_ord"_s, {u"id"_s, u"cust"_s, u"amt"_s, u"st"_s}, u"ERP export"_s));
    tables.append(table(u"t_cst"_s, {u"id"_s, u"nm"_s, u"region"_s}));
    tables.append(table(u"t_evt"_s, {u"id"_s, u"cust"_s, u"kind"_s}));
    return tables;
}

BusinessNotes shopNotes()
{
    BusinessNote orders;
    orders.table = u"t_ord"_s;
    orders.description = u"One row per checkout"_s;
    orders.synonyms = {u"sale"_s, u"purchase"_s};
    BusinessNote amount;
    amount.table = u"t_ord"_s;
    amount.column = u"amt"_s;
    amount.description = u"Order total in cents"_s;
    amount.formula = u"sum(amt) / 100.0"_s;
    BusinessNote state;
    state.table = u"t_ord"_s;
    state.column = u"st"_s;
    state.allowedValues = {u"paid"_s, u"refunded"_s};
    BusinessNote customers;
    customers.table = u"t_cst"_s;
    customers.description = u"People who signed up, with their shipping region"_s;
    BusinessNote events;
    events.table = u"t_evt"_s;
    events.description = u"Clickstream of the storefront"_s;
    GlossaryTerm active{u"active customer"_s,
                        u"a customer with a paid order in the last 90 days"_s,
                        {u"t_cst"_s, u"t_ord"_s},
                        {}};
    GlossaryTerm churn{u"流失用户"_s, u"一年没有下单的用户"_s, {u"t_evt"_s}, {}};
    return BusinessNotes({orders, amount, state, customers, events}, {active, churn});
}

std::shared_ptr<NoteIndex> index(const BusinessNotes &notes = shopNotes())
{
    auto built = NoteIndex::build(notes);
    return built ? built.value() : nullptr;
}

} // namespace

class tst_NoteLinking : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void linksTheNotedTable_data();
    void linksTheNotedTable();
    void withoutNotesNothingMatches();
    void excludedTableStaysOutThoughNoted();
    void glossaryTermNeedsItsWordsInARow_data();
    void glossaryTermNeedsItsWordsInARow();
    void notesStandNextToTheirNames();
    void noteTakesPrecedenceOverComment();
    void budgetCountsNotesAndTerms();
    void promptCarriesTheNotes();
    void oddNotesAndQuestions_data();
    void oddNotesAndQuestions();
};

void tst_NoteLinking::linksTheNotedTable_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("best");
    QTest::addColumn<bool>("noted"); // linked by a synonym or a term, not by other words
    QTest::newRow("synonym, plural") << u"How many sales last month?"_s << u"t_ord"_s << true;
    QTest::newRow("synonym") << u"biggest purchase"_s << u"t_ord"_s << true;
    QTest::newRow("description word") << u"checkouts per day"_s << u"t_ord"_s << false;
    QTest::newRow("column description") << u"total in cents"_s << u"t_ord"_s << false;
    QTest::newRow("allowed value") << u"refunded last week"_s << u"t_ord"_s << false;
    QTest::newRow("glossary term")
            << u"How many active customers are there?"_s << u"t_cst"_s << true;
    QTest::newRow("chinese glossary term") << u"上个月的流失用户有多少？"_s << u"t_evt"_s << true;
}

void tst_NoteLinking::linksTheNotedTable()
{
    QFETCH(QString, question);
    QFETCH(QString, best);
    QFETCH(bool, noted);
    const auto linker = SchemaLinker::build(warehouse(3000));
    QVERIFY(linker);
    const auto notes = index();
    QVERIFY(notes);
    const LinkedSchema linked = linker.value()->link(question, 3000, 12, {}, notes.get());
    QVERIFY2(!linked.matched.isEmpty(), qPrintable(linked.text.left(300)));
    QCOMPARE(linked.matched.first(), best);
    QCOMPARE(linked.noted.contains(best), noted);
    QVERIFY(linked.tables.contains(best));
}

void tst_NoteLinking::excludedTableStaysOutThoughNoted()
{
    // A synonym or a glossary term that names an excluded table does not bring it in, nor its
    // notes, and the reasons of a noted table say so.
    const auto linker = SchemaLinker::build(warehouse(3000));
    QVERIFY(linker);
    const auto notes = index();
    QVERIFY(notes);
    const LinkedSchema shown =
            linker.value()->link(u"How many sales last month?"_s, 3000, 12, {}, notes.get());
    QVERIFY(shown.tables.contains(u"t_ord"_s));
    bool noteReason = false;
    for (const LinkedTable &table : shown.linked)
        noteReason = noteReason || (table.table == u"t_ord"_s && table.has(LinkReason::Kind::Note));
    QVERIFY(noteReason);
    LinkOptions options;
    options.excluded = {u"t_ord"_s};
    const LinkedSchema hidden =
            linker.value()->link(u"How many sales last month?"_s, 3000, 12, options, notes.get());
    QVERIFY(!hidden.tables.contains(u"t_ord"_s));
    QVERIFY(!hidden.noted.contains(u"t_ord"_s));
    QVERIFY2(!hidden.text.contains(u"t_ord("_s), qPrintable(hidden.text.left(400)));
    QVERIFY(!hidden.text.contains(u"One row per checkout"_s));
}

void tst_NoteLinking::withoutNotesNothingMatches()
{
    // The same questions find nothing by the names alone: it is the notes that link.
    const auto linker = SchemaLinker::build(warehouse(3000));
    QVERIFY(linker);
    for (const QString &question : {u"How many sales last month?"_s, u"checkouts per day"_s}) {
        const LinkedSchema linked = linker.value()->link(question, 3000, 12);
        QVERIFY2(!linked.tables.contains(u"t_ord"_s), qPrintable(question));
    }
}

void tst_NoteLinking::glossaryTermNeedsItsWordsInARow_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<bool>("used");
    QTest::newRow("the term") << u"count the active customer base"_s << true;
    QTest::newRow("plural") << u"Active Customers by region"_s << true;
    QTest::newRow("words apart") << u"active orders of each customer"_s << false;
    QTest::newRow("one word") << u"every customer"_s << false;
}

void tst_NoteLinking::glossaryTermNeedsItsWordsInARow()
{
    QFETCH(QString, question);
    QFETCH(bool, used);
    const auto notes = index();
    QVERIFY(notes);
    const NoteMatches matches = notes->match(question);
    QCOMPARE(matches.terms.size(), used ? 1 : 0);
    const auto linker = SchemaLinker::build(warehouse(200));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(question, 3000, 12, {}, notes.get());
    QCOMPARE(linked.text.contains(u"a customer with a paid order in the last 90 days"_s), used);
    QCOMPARE(linked.terms.contains(u"active customer"_s), used);
}

void tst_NoteLinking::notesStandNextToTheirNames()
{
    const BusinessNotes notes = shopNotes();
    const QString text = SchemaLinker::describe(warehouse(0).at(0), &notes);
    const QStringList lines = text.split(u'\n');
    QVERIFY2(lines.size() >= 4, qPrintable(text));
    QVERIFY(lines.at(0).startsWith(u"t_ord(id INTEGER PK"_s));
    // The table's note right under its line, then each column's.
    QCOMPARE(lines.at(1), u"-- One row per checkout; also: sale, purchase"_s);
    QVERIFY2(lines.contains(u"--   amt: Order total in cents; formula: sum(amt) / 100.0"_s),
             qPrintable(text));
    // A column with a catalog comment and a note with only values: both, as one note.
    QVERIFY2(lines.contains(u"--   st: state code from the billing system; values: paid, "
                            "refunded"_s),
             qPrintable(text));
}

void tst_NoteLinking::noteTakesPrecedenceOverComment()
{
    const CatalogTable orders = warehouse(0).at(0);
    QVERIFY(SchemaLinker::describe(orders).contains(u"-- ERP export"_s));
    const BusinessNotes notes = shopNotes();
    const QString noted = SchemaLinker::describe(orders, &notes);
    QVERIFY(!noted.contains(u"ERP export"_s));
    QVERIFY(noted.contains(u"One row per checkout"_s));
}

void tst_NoteLinking::budgetCountsNotesAndTerms()
{
    // Long notes on every table: the budget still decides the size, the term included.
    QList<CatalogTable> tables = warehouse(2000);
    QList<BusinessNote> notes;
    for (const CatalogTable &t : std::as_const(tables)) {
        BusinessNote note;
        note.table = t.name;
        note.description = u"metric value loaded per batch, "_s.repeated(8);
        notes.append(note);
    }
    GlossaryTerm metric{u"metric value"_s, u"the loaded figure, "_s.repeated(4), {}, {}};
    const auto built = NoteIndex::build(BusinessNotes(notes, {metric}));
    QVERIFY(built);
    const auto linker = SchemaLinker::build(tables);
    QVERIFY(linker);
    for (int budget : {3000, 500, 120}) {
        const LinkedSchema linked = linker.value()->link(u"metric value loaded per batch"_s, budget,
                                                         12, {}, built->get());
        QVERIFY2(linked.tokens <= budget + 5,
                 qPrintable(u"%1 > %2"_s.arg(linked.tokens).arg(budget)));
        QVERIFY(linked.text.contains(u"-- Glossary:"_s));
        QVERIFY(!linked.tables.isEmpty());
    }
}

void tst_NoteLinking::promptCarriesTheNotes()
{
    const auto linker = SchemaLinker::build(warehouse(100));
    QVERIFY(linker);
    const auto notes = index();
    const LinkedSchema linked = linker.value()->link(u"total of sales of active customers"_s, 3000,
                                                     12, {}, notes.get());
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"total of sales of active customers"_s;
    input.schemaText = linked.text;
    const QString prompt = PromptBuilder().userText(input);
    const qsizetype table = prompt.indexOf(u"t_ord(id INTEGER PK"_s);
    QVERIFY(table >= 0);
    QCOMPARE(prompt.indexOf(u"-- One row per checkout; also: sale, purchase"_s),
             prompt.indexOf(u'\n', table) + 1);
    QVERIFY(prompt.contains(u"--   \"active customer\": a customer with a paid order in the last "
                            "90 days (tables: t_cst, t_ord)"_s));
    QVERIFY(prompt.indexOf(u"-- Glossary:"_s) < prompt.indexOf(u"Question:"_s));
}

void tst_NoteLinking::oddNotesAndQuestions_data()
{
    QTest::addColumn<QString>("question");
    QTest::newRow("empty") << QString();
    QTest::newRow("fts operators") << u"\" OR sale NEAR( * ) AND synonyms : \"\"'"_s;
    QTest::newRow("only stop words") << u"what is the"_s;
    QTest::newRow("1 MB") << QString(1024 * 1024, u's');
}

void tst_NoteLinking::oddNotesAndQuestions()
{
    QFETCH(QString, question);
    BusinessNotes notes = shopNotes();
    BusinessNote odd;
    odd.table = u"no_such_table"_s; // a note on a table the catalog lacks is ignored
    odd.synonyms = {u"\" OR *"_s, u"sale"_s};
    GlossaryTerm punctuation{u"\"*\""_s, u"nothing to match"_s, {u"ghost"_s}, {}};
    QList<BusinessNote> all = notes.notes();
    all.append(odd);
    QList<GlossaryTerm> terms = notes.terms();
    terms.append(punctuation);
    const auto built = NoteIndex::build(BusinessNotes(all, terms));
    QVERIFY(built);
    const auto linker = SchemaLinker::build(warehouse(50));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(question, 1000, 12, {}, built->get());
    QVERIFY(linked.tokens <= 1005);
    QVERIFY(!linked.tables.isEmpty());
    QVERIFY(!linked.tables.contains(u"no_such_table"_s));
}

QTEST_GUILESS_MAIN(tst_NoteLinking)
#include "tst_notelinking.moc"
