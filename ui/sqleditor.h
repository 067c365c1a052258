#pragma once

#include "core/engines/engine.h"
#include "core/errors/schemanames.h"

#include <QPlainTextEdit>

#include <functional>
#include <memory>

class QCompleter;
class QStringListModel;

namespace sqlmend::ui {

class SqlHighlighter;

// The Run SQL editor: highlighted SQL with completion of keywords, the live catalog's tables and
// columns, and the aliases the statement defines ("u." offers the columns of the table u names).
// The catalog comes from a provider (the session's names, loaded on the connection's worker);
// the word list is rebuilt only when a popup is about to show and the names changed. Completion
// opens by itself after two letters, or with Ctrl+Space.
class SqlEditor : public QPlainTextEdit
{
    Q_OBJECT

public:
    using NamesProvider = std::function<std::shared_ptr<const core::SchemaNames>()>;

    explicit SqlEditor(QWidget *parent = nullptr);
    ~SqlEditor() override;

    void setNamesProvider(NamesProvider provider);
    void setEngine(core::Engine engine) { m_engine = engine; }
    QCompleter *completer() const { return m_completer; }
    SqlHighlighter *highlighter() const { return m_highlighter; }

    // What completion offers at the cursor now: the word typed so far and the candidates.
    QString completionPrefix() const;
    QStringList completions() const;
    // Opens the popup for the word at the cursor (Ctrl+Space).
    void complete();

    // alias (or table) → table, from the FROM and JOIN clauses of text.
    static QHash<QString, QString> aliases(QStringView text, core::Engine engine);

Q_SIGNALS:
    // Completion wanted names and the provider had none yet: load the catalog.
    void namesWanted();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    struct Context
    {
        QString prefix;    // the part of the word before the cursor
        QString qualifier; // "u" in "u.na"; empty when none
    };
    Context contextAtCursor() const;
    QStringList candidates(const Context &context) const;
    void insertCompletion(const QString &completion);
    void showPopup(bool explicitRequest);

    NamesProvider m_provider;
    core::Engine m_engine = core::Engine::Unknown;
    QCompleter *m_completer = nullptr;
    QStringListModel *m_words = nullptr;
    SqlHighlighter *m_highlighter = nullptr;
};

} // namespace sqlmend::ui
