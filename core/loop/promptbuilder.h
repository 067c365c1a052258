#pragma once

#include "core/engines/engine.h"
#include "core/llm/chatrequest.h"
#include "core/loop/loopattempt.h"
#include "core/loop/turnbudget.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>

#include <optional>

namespace sqlmend::core {

// A good case shown to the model as an example.
struct PromptExample
{
    QString question;
    QString sql;
    QStringList context = {}; // the earlier questions of the conversation it answered in
};

// A few rows of one table; only ever built when the user turned sample values on.
struct TableSample
{
    QString table;
    QStringList columns;
    QList<QVariantList> rows;
};

// Everything a prompt is made of. Attempts carry no result rows (LoopAttempt has none), so row
// values reach a prompt only through samples, which the loop fills only when
// LoopPolicy::sampleValues is on.
struct PromptInput
{
    Engine engine = Engine::Unknown;
    QString question;
    QString schemaText; // the linked part of the schema
    QList<PromptExample> examples;
    QList<LoopAttempt> history; // every earlier attempt, oldest first
    QStringList triedSql;
    std::optional<QList<TableSample>> samples;
    // Off: every literal from the data is redacted from what the prompt quotes of earlier
    // attempts (root cause and advice), the way samples stay out (ValueRedaction).
    bool sampleValues = false;
    // The earlier turns of the conversation the question follows, oldest first, fitted to
    // conversationTokenBudget (TurnBudget). A turn holds its SQL and column names, never rows.
    QList<ConversationTurn> conversation;
    int conversationTokenBudget = TurnBudget::defaultTokens;
};

// Builds the chat request for one round from the templates in resources/prompts (English, and
// <name>_<language>.md variants such as the built-in zh_CN ones, used when they exist; a variant
// keeps exactly the English template's {{placeholders}}).
class PromptBuilder
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::PromptBuilder)

public:
    // language: e.g. "zh_CN"; templateDir: a folder searched before the built-in templates.
    explicit PromptBuilder(QString language = {}, QString templateDir = {});

    QString language() const { return m_language; }
    // Off only for the no-advice ablation: the history keeps each attempt's SQL, outcome, class
    // and root cause, and every template line that carries {{advice}} is left out.
    bool includesAdvice() const { return m_includeAdvice; }
    void setIncludeAdvice(bool include) { m_includeAdvice = include; }

    ChatRequest build(const PromptInput &input) const;
    QString userText(const PromptInput &input) const;
    QString systemText(const PromptInput &input) const;

    // The template's text: templateDir's language variant, templateDir's own, then the built-in
    // language variant and the built-in English one.
    QString templateText(const QString &name) const;

    // The dialect's spellings a model most often gets wrong: row limit, cast, dates, quoting.
    static QString dialectNotes(Engine engine);
    // One attempt as the correction prompt describes it.
    static QString adviceFor(const LoopAttempt &attempt);
    // The earlier turns that fit the budget, as the prompt renders them (for tests and traces).
    FittedTurns fittedConversation(const PromptInput &input) const;

private:
    QString turnText(const ConversationTurn &turn, bool summarised) const;
    QString conversationText(const PromptInput &input) const;

    static QString fill(QString text, const QList<QPair<QString, QString>> &values);

    static QString withoutLinesHolding(const QString &text, QStringView placeholder);

    QString m_language;
    QString m_templateDir;
    bool m_includeAdvice = true;
};

} // namespace sqlmend::core
