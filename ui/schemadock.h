#pragma once

#include <QDockWidget>

class QLineEdit;
class QTreeView;

namespace sqlmend::ui {

class SchemaTreeModel;
class Session;

// The schema browser: every open connection's schemas, tables and views, and columns, loaded
// lazily on the connection's worker. A filter box (Ctrl+F) narrows the tree; the context menu
// previews rows, copies a name, inserts it into the editor, or reloads the schema.
class SchemaDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit SchemaDock(Session *session, QWidget *parent = nullptr);

    SchemaTreeModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }

    void focusFilter();

Q_SIGNALS:
    // A SELECT of the first rows of a table, ready to run.
    void previewRequested(int connection, const QString &sql);
    void insertRequested(const QString &text);

private:
    void expandMatches(const QString &filter);
    void showContextMenu(const QPoint &position);
    QString quotedName(const QModelIndex &index) const;

    Session *m_session;
    SchemaTreeModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    QLineEdit *m_filter = nullptr;
};

} // namespace sqlmend::ui
