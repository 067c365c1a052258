#pragma once

#include "core/cases/contextsettings.h"

#include <QDockWidget>
#include <QList>

#include <memory>

class QLabel;
class QMenu;
class QLineEdit;
class QTreeView;

namespace sqlmend::core {
class CaseStoreService;
} // namespace sqlmend::core

namespace sqlmend::ui {

class SchemaTreeModel;
class Session;

// The schema browser: every open connection's schemas, tables and views, and columns, loaded
// lazily on the connection's worker. A filter box (Ctrl+F) narrows the tree, says when nothing
// matches, and Esc clears it; clearing brings back what the person had opened before filtering.
// The context menu previews rows, copies a name, inserts it into the editor, pins or excludes a
// table for the model's prompts (kept per connection in the case store), or reloads the schema.
class SchemaDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit SchemaDock(Session *session, QWidget *parent = nullptr);

    SchemaTreeModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }

    void focusFilter();
    // Where the connections' pins, excludes and business notes are kept; they are read again
    // when it changes.
    void setCaseStore(std::shared_ptr<core::CaseStoreService> store);
    // Pins, unpins, excludes or includes a table of the connection: shown at once, then stored.
    void markTable(int connection, const QString &table, core::TableMark mark);
    // Opens the note editor for a table or column row; false for other rows or without a store.
    bool editNote(const QModelIndex &index);
    // Opens the glossary of the row's connection.
    bool editGlossary(int connection);
    // "No table or column matches", shown while a filter matches nothing loaded.
    bool isNoMatchesShown() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    // A SELECT of the first rows of a table, ready to run.
    void previewRequested(int connection, const QString &sql);
    void insertRequested(const QString &text);
    // A pin or exclude could not be stored (the tree shows the store's marks again).
    void problem(const QString &message);
    // A note could not be read or saved, and why.
    void statusMessage(const QString &message);
    // The notes of a connection arrived (after a load or a save).
    void notesLoaded(int connection);

private:
    // An opened node: a connection (schema and table empty), a schema (table empty) or a table.
    struct Opened
    {
        int connection = 0;
        QString schema;
        QString table;
    };

    void filterChanged(const QString &text);
    void filterApplied(const QString &filter);
    void expandMatches(const QString &filter);
    void rememberOpened();
    void restoreOpened();
    void updateNoMatches();
    void showContextMenu(const QPoint &position);
    QString quotedName(const QModelIndex &index) const;
    void addMarkActions(QMenu &menu, const QModelIndex &index);
    void loadMarks(int connection);
    void addNoteActions(QMenu &menu, const QModelIndex &index);
    void loadNotes(int connection);
    void loadAllNotes();
    QString datasource(int connection) const;

    Session *m_session;
    std::shared_ptr<core::CaseStoreService> m_store;
    SchemaTreeModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    QLineEdit *m_filter = nullptr;
    QLabel *m_noMatches = nullptr;
    // What was open when a filter started; the tree opens it again when the filter is cleared.
    QList<Opened> m_opened;
};

} // namespace sqlmend::ui
