// bench_schemalinker [tables]: schema linking on a synthetic catalog (default 10,000 tables):
// index build time, ms per question, and the prompt's size in tokens (goal: under 4,000).

#include "core/llm/tokenestimate.h"
#include "core/loop/promptbuilder.h"
#include "core/schema/noteindex.h"
#include "core/schema/schemalinker.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

const QStringList Subjects = {u"customer"_s, u"order"_s,   u"invoice"_s,  u"payment"_s,
                              u"shipment"_s, u"product"_s, u"supplier"_s, u"campaign"_s,
                              u"session"_s,  u"ticket"_s,  u"employee"_s, u"warehouse"_s};
const QStringList Facets = {u"daily"_s,   u"history"_s,  u"staging"_s, u"summary"_s,
                            u"archive"_s, u"snapshot"_s, u"detail"_s,  u"audit"_s};

QList<CatalogTable> catalog(int count)
{
    QList<CatalogTable> tables;
    tables.reserve(count);
    for (int i = 0; i < count; ++i) {
        CatalogTable table;
        const QString subject = Subjects.at(i % Subjects.size());
        table.name = u"%1_%2_%3"_s.arg(subject, Facets.at((i / 12) % Facets.size())).arg(i);
        table.comment = u"%1 records, partition %2"_s.arg(subject).arg(i % 31);
        const int columns = 6 + i % 20;
        for (int c = 0; c < columns; ++c) {
            CatalogColumn column;
            column.name = c == 0 ? u"id"_s : u"%1_attr_%2"_s.arg(Subjects.at((i + c) % 12)).arg(c);
            column.type = c % 3 == 0 ? u"bigint"_s : u"varchar(64)"_s;
            column.primaryKeyPosition = c == 0 ? 1 : 0;
            table.columns.append(column);
        }
        if (i > 12) {
            CatalogForeignKey key;
            key.columns = {table.columns.at(1).name};
            key.referencedTable = tables.at(i - 12).name;
            key.referencedColumns = {u"id"_s};
            table.foreignKeys.append(key);
        }
        tables.append(table);
    }
    return tables;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 10000;
    const QList<CatalogTable> tables = catalog(qMax(1, count));
    int fullTokens = 0;
    for (const CatalogTable &table : tables)
        fullTokens += TokenEstimate::forText(SchemaLinker::describe(table));

    QElapsedTimer clock;
    clock.start();
    const auto linker = SchemaLinker::build(tables);
    const double buildMs = clock.nsecsElapsed() / 1e6;
    if (!linker) {
        std::fprintf(stderr, "bench_schemalinker: %s\n", qPrintable(linker.error().message));
        return 1;
    }

    const QStringList questions = {
            u"Total payment amount per customer last month"_s,
            u"Which supplier shipped the most products?"_s,
            u"Open tickets per employee"_s,
            u"Daily order count for the summer campaign"_s,
            u"invoice history of a customer"_s,
            u"How many sessions per warehouse?"_s,
            u"每个客户的订单数量"_s,
            u"a question that matches nothing at all zzz"_s,
    };
    const int passes = 5;
    double linkMs = 0;
    int maxSchemaTokens = 0;
    int maxPromptTokens = 0;
    int maxTables = 0;
    const PromptBuilder builder;
    for (int pass = 0; pass < passes; ++pass) {
        for (const QString &question : questions) {
            clock.restart();
            const LinkedSchema linked = linker.value()->link(question, 3000);
            linkMs += clock.nsecsElapsed() / 1e6;
            PromptInput input;
            input.engine = Engine::PostgreSQL;
            input.question = question;
            input.schemaText = linked.text;
            const int promptTokens = TokenEstimate::forMessages(builder.build(input).messages);
            maxSchemaTokens = qMax(maxSchemaTokens, linked.tokens);
            maxPromptTokens = qMax(maxPromptTokens, promptTokens);
            maxTables = qMax(maxTables, int(linked.tables.size()));
        }
    }
    const double perQuestion = linkMs / (passes * questions.size());
    std::printf("catalog: %d tables, %d tokens if dumped whole\n", count, fullTokens);
    std::printf("index build: %.1f ms\n", buildMs);
    std::printf("link: %.2f ms per question (%lld questions x %d passes)\n", perQuestion,
                qlonglong(questions.size()), passes);
    std::printf("schema part: at most %d tokens, %d tables (budget 3000)\n", maxSchemaTokens,
                maxTables);
    std::printf("whole first prompt: at most %d tokens (goal < 4000): %s\n", maxPromptTokens,
                maxPromptTokens < 4000 ? "met" : "missed");
    std::printf("ratio: prompt / whole catalog = %.4f\n",
                fullTokens > 0 ? double(maxPromptTokens) / fullTokens : 0.0);

    // The same questions with business notes on every tenth table and a glossary of 50 terms.
    QList<BusinessNote> notes;
    for (int i = 0; i < tables.size(); i += 10) {
        BusinessNote note;
        note.table = tables.at(i).name;
        note.description =
                u"%1 facts kept for finance, partition %2"_s.arg(Subjects.at(i % Subjects.size()))
                        .arg(i % 31);
        note.synonyms = {u"%1 record"_s.arg(Subjects.at((i + 3) % Subjects.size()))};
        notes.append(note);
    }
    QList<GlossaryTerm> terms;
    for (int i = 0; i < 50; ++i)
        terms.append({u"%1 %2"_s.arg(Facets.at(i % Facets.size()), Subjects.at(i % 12)),
                      u"the %1 rows of the %2 tables"_s.arg(Facets.at(i % Facets.size()),
                                                            Subjects.at(i % 12)),
                      {tables.at(i * 7 % tables.size()).name},
                      {}});
    clock.restart();
    const auto noteIndex = NoteIndex::build(BusinessNotes(notes, terms));
    const double noteBuildMs = clock.nsecsElapsed() / 1e6;
    if (!noteIndex) {
        std::fprintf(stderr, "bench_schemalinker: %s\n", qPrintable(noteIndex.error().message));
        return 1;
    }
    double notedMs = 0;
    int maxNotedTokens = 0;
    for (int pass = 0; pass < passes; ++pass) {
        for (const QString &question : questions) {
            clock.restart();
            const LinkedSchema linked =
                    linker.value()->link(question, 3000, 12, {}, noteIndex.value().get());
            notedMs += clock.nsecsElapsed() / 1e6;
            maxNotedTokens = qMax(maxNotedTokens, linked.tokens);
        }
    }
    const double notedPerQuestion = notedMs / (passes * questions.size());
    std::printf("notes: %lld notes, %lld terms, index build %.1f ms\n", qlonglong(notes.size()),
                qlonglong(terms.size()), noteBuildMs);
    std::printf("link with notes: %.2f ms per question (%.2fx without), schema part at most %d "
                "tokens (budget 3000)\n",
                notedPerQuestion, perQuestion > 0 ? notedPerQuestion / perQuestion : 0.0,
                maxNotedTokens);
    return 0;
}
