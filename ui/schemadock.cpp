#include "ui/schemadock.h"

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "core/cases/notestore.h"
#include "core/continuation.h"
#include "core/engines/engineregistry.h"
#include "core/errors/diagnosis.h"
#include "ui/glossarydialog.h"
#include "ui/notedialog.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr int previewRows = 100;

} // namespace

SchemaDock::SchemaDock(Session *session, QWidget *parent)
    : QDockWidget(tr("Schema"), parent), m_session(session)
{
    setObjectName(u"schemaDock"_s);
    m_model = new SchemaTreeModel(this);

    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_filter = new QLineEdit(content);
    m_filter->setPlaceholderText(tr("Filter tables and columns (Ctrl+F)"));
    m_filter->setAccessibleName(tr("Schema filter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Esc clears the filter"));
    m_filter->installEventFilter(this);
    m_noMatches = new QLabel(content);
    m_noMatches->setWordWrap(true);
    m_noMatches->setAccessibleName(tr("Filter result"));
    m_noMatches->setForegroundRole(QPalette::PlaceholderText);
    m_noMatches->setContentsMargins(4, 2, 4, 2);
    m_noMatches->hide();
    m_tree = new QTreeView(content);
    m_tree->setModel(m_model);
    m_tree->setAccessibleName(tr("Schema tree"));
    m_tree->setUniformRowHeights(true);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    // A fixed first width the user may drag: sizing it to the contents measures every row.
    m_tree->header()->setSectionResizeMode(SchemaTreeModel::NameColumn, QHeaderView::Interactive);
    m_tree->header()->resizeSection(SchemaTreeModel::NameColumn,
                                    m_tree->fontMetrics().horizontalAdvance(u'x') * 28);
    layout->addWidget(m_filter);
    layout->addWidget(m_noMatches);
    layout->addWidget(m_tree, 1);
    setWidget(content);

    // The model filters itself, matching each distinct name once; the tree then opens what
    // matched, not everything.
    connect(m_filter, &QLineEdit::textChanged, this, &SchemaDock::filterChanged);
    connect(m_model, &SchemaTreeModel::filterApplied, this, &SchemaDock::filterApplied);
    connect(m_tree, &QTreeView::customContextMenuRequested, this, &SchemaDock::showContextMenu);

    // Loads go through the session, which runs them on the connection's worker.
    connect(m_model, &SchemaTreeModel::schemasRequested, m_session, &Session::loadSchemas);
    connect(m_model, &SchemaTreeModel::tablesRequested, m_session, &Session::loadTables);
    connect(m_session, &Session::connectionOpened, this, [this](int connection) {
        m_model->addConnection(connection, m_session->displayName(connection));
        loadMarks(connection);
        m_model->fetchMore(m_model->connectionIndex(connection));
        loadNotes(connection);
    });
    connect(m_session, &Session::connectionClosed, m_model, &SchemaTreeModel::removeConnection);
    connect(m_session, &Session::schemasLoaded, this,
            [this](int connection, const QStringList &schemas, const QString &defaultSchema) {
                m_model->setSchemas(connection, schemas, defaultSchema);
                m_tree->expand(m_model->connectionIndex(connection));
                m_tree->expand(m_model->schemaIndex(connection, defaultSchema));
            });
    connect(m_session, &Session::tablesLoaded, this,
            [this](int connection, const QString &schema, const QList<core::CatalogTable> &tables) {
                m_model->setTables(connection, schema, tables);
                updateNoMatches(); // tables that came in later may match the filter
            });
    connect(m_session, &Session::schemaLoadFailed, this,
            [this](int connection, const QString &schema, const core::Diagnosis &diagnosis) {
                m_model->setLoadFailed(connection, schema,
                                       tr("Could not load: %1").arg(diagnosis.advice.rootCause));
            });
}

bool SchemaDock::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filter && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape
        && !m_filter->text().isEmpty()) {
        m_filter->clear();
        return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

bool SchemaDock::isNoMatchesShown() const
{
    return m_noMatches->isVisibleTo(this);
}

void SchemaDock::filterChanged(const QString &text)
{
    // The tree as the person left it, before the filter opens what matches.
    if (m_model->filter().isEmpty() && !text.trimmed().isEmpty())
        rememberOpened();
    m_model->setFilter(text);
}

void SchemaDock::filterApplied(const QString &filter)
{
    if (filter.isEmpty())
        restoreOpened();
    else
        expandMatches(filter);
    updateNoMatches();
}

void SchemaDock::rememberOpened()
{
    // Connections and schemas are few; the tables looked at are those shown under open schemas.
    m_opened.clear();
    for (int c = 0; c < m_model->rowCount(); ++c) {
        const QModelIndex connection = m_model->index(c, 0);
        if (!m_tree->isExpanded(connection))
            continue;
        const int id = connection.data(SchemaTreeModel::ConnectionRole).toInt();
        m_opened.append({id, {}, {}});
        for (int s = 0; s < m_model->rowCount(connection); ++s) {
            const QModelIndex schema = m_model->index(s, 0, connection);
            if (!m_tree->isExpanded(schema))
                continue;
            const QString schemaName = schema.data(SchemaTreeModel::NameRole).toString();
            m_opened.append({id, schemaName, {}});
            for (int t = 0; t < m_model->rowCount(schema); ++t) {
                const QModelIndex table = m_model->index(t, 0, schema);
                if (m_tree->isExpanded(table))
                    m_opened.append(
                            {id, schemaName, table.data(SchemaTreeModel::NameRole).toString()});
            }
        }
    }
}

void SchemaDock::restoreOpened()
{
    // What the filter opened closes again, and what was open before opens again: the tree is
    // neither collapsed nor expanded all over.
    for (int c = 0; c < m_model->rowCount(); ++c) {
        const QModelIndex connection = m_model->index(c, 0);
        for (int s = 0; s < m_model->rowCount(connection); ++s)
            m_tree->collapse(m_model->index(s, 0, connection));
        m_tree->collapse(connection);
    }
    for (const Opened &opened : std::as_const(m_opened)) {
        QModelIndex index;
        if (opened.schema.isEmpty())
            index = m_model->connectionIndex(opened.connection);
        else if (opened.table.isEmpty())
            index = m_model->schemaIndex(opened.connection, opened.schema);
        else
            index = m_model->tableIndex(opened.connection, opened.schema, opened.table);
        if (index.isValid())
            m_tree->expand(index);
    }
    m_opened.clear();
}

void SchemaDock::updateNoMatches()
{
    const QString filter = m_model->filter();
    bool matches = filter.isEmpty();
    for (int c = 0; c < m_model->rowCount() && !matches; ++c) {
        const QModelIndex connection = m_model->index(c, 0);
        const int id = connection.data(SchemaTreeModel::ConnectionRole).toInt();
        for (int s = 0; s < m_model->rowCount(connection) && !matches; ++s) {
            const QString schema =
                    m_model->index(s, 0, connection).data(SchemaTreeModel::NameRole).toString();
            matches = m_model->matchingTableCount(id, schema) > 0;
        }
    }
    m_noMatches->setText(tr("No table or column matches \u201c%1\u201d in the loaded schemas "
                            "(Esc clears the filter).")
                                 .arg(filter));
    m_noMatches->setVisible(!matches);
}

void SchemaDock::expandMatches(const QString &filter)
{
    if (filter.isEmpty())
        return;
    // Tables shown for a column's name open on that column; a bounded number, so that a
    // one-letter filter does not open thousands.
    constexpr int MaxExpanded = 50;
    int expanded = 0;
    for (int c = 0; c < m_model->rowCount(); ++c) {
        const QModelIndex connection = m_model->index(c, 0);
        for (int s = 0; s < m_model->rowCount(connection); ++s) {
            const QModelIndex schema = m_model->index(s, 0, connection);
            const int tables = m_model->rowCount(schema);
            if (tables == 0)
                continue;
            m_tree->expand(connection);
            m_tree->expand(schema);
            for (int t = 0; t < tables && expanded < MaxExpanded; ++t) {
                const QModelIndex table = m_model->index(t, 0, schema);
                if (table.data(SchemaTreeModel::ColumnsFilteredRole).toBool()) {
                    m_tree->expand(table);
                    ++expanded;
                }
            }
        }
    }
}

void SchemaDock::focusFilter()
{
    show();
    raise();
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

QString SchemaDock::quotedName(const QModelIndex &index) const
{
    const auto kind = SchemaTreeModel::NodeKind(index.data(SchemaTreeModel::KindRole).toInt());
    const int connection = index.data(SchemaTreeModel::ConnectionRole).toInt();
    const core::SqlEngine &dialect =
            core::EngineRegistry::forEngine(m_session->profile(connection).engine());
    const QString name = index.data(SchemaTreeModel::NameRole).toString();
    if (kind == SchemaTreeModel::NodeKind::Table) {
        const QString schema = index.data(SchemaTreeModel::SchemaRole).toString();
        const QString table = dialect.quoteIdentifier(name);
        // Always qualified: right in every engine, whatever the connection's search path.
        return schema.isEmpty() ? table : u"%1.%2"_s.arg(dialect.quoteIdentifier(schema), table);
    }
    return dialect.quoteIdentifier(name);
}

void SchemaDock::showContextMenu(const QPoint &position)
{
    const QModelIndex index = m_tree->indexAt(position).siblingAtColumn(0);
    if (!index.isValid())
        return;
    const auto kind = SchemaTreeModel::NodeKind(index.data(SchemaTreeModel::KindRole).toInt());
    const int connection = index.data(SchemaTreeModel::ConnectionRole).toInt();
    QMenu menu(this);
    if (kind == SchemaTreeModel::NodeKind::Table) {
        menu.addAction(tr("Preview Rows"), this, [this, index, connection] {
            const core::SqlEngine &dialect =
                    core::EngineRegistry::forEngine(m_session->profile(connection).engine());
            Q_EMIT previewRequested(
                    connection,
                    u"SELECT * FROM %1 %2"_s
                            .arg(quotedName(index), dialect.rowLimitClause(previewRows))
                            .trimmed());
        });
    }
    addNoteActions(menu, index);
    if (kind == SchemaTreeModel::NodeKind::Table || kind == SchemaTreeModel::NodeKind::Column
        || kind == SchemaTreeModel::NodeKind::Schema) {
        const QString name = index.data(SchemaTreeModel::NameRole).toString();
        const QString quoted = quotedName(index);
        menu.addAction(tr("Copy Name"), this, [name] { QApplication::clipboard()->setText(name); });
        menu.addAction(tr("Insert into Editor"), this,
                       [this, quoted] { Q_EMIT insertRequested(quoted); });
    }
    if (kind == SchemaTreeModel::NodeKind::Table)
        addMarkActions(menu, index);
    menu.addSeparator();
    menu.addAction(tr("Refresh"), this, [this, connection] {
        m_session->refreshSchema(connection);
        m_model->resetConnection(connection);
        m_model->fetchMore(m_model->connectionIndex(connection));
    });
    menu.exec(m_tree->viewport()->mapToGlobal(position));
}

QString SchemaDock::datasource(int connection) const
{
    // The name the correction loop files the connection's cases, fixes and marks under.
    return m_session->profile(connection).toUrl();
}

// ---- business notes ----

namespace {

// The store's answer on the dock's thread; nothing when the store went away first.
template<typename T, typename F>
void whenStored(const QFuture<core::Result<T>> &future, QObject *context, F fn)
{
    core::onFinished(future, context, [fn = std::move(fn)](const QFuture<core::Result<T>> &done) {
        if (const std::optional<core::Result<T>> value = core::resultOf(done))
            fn(*value);
    });
}

} // namespace

void SchemaDock::setCaseStore(std::shared_ptr<core::CaseStoreService> store)
{
    if (m_store)
        disconnect(m_store.get(), nullptr, this, nullptr);
    m_store = std::move(store);
    if (m_store) {
        // Any write may be another view's mark or note (or a store opened elsewhere): read them
        // again.
        connect(m_store.get(), &core::CaseStoreService::changed, this, [this] {
            for (int connection : m_session->connections())
                loadMarks(connection);
            loadAllNotes();
        });
    }
    for (int connection : m_session->connections())
        loadMarks(connection);
    loadAllNotes();
}

void SchemaDock::loadMarks(int connection)
{
    if (!m_store)
        return;
    const QString source = datasource(connection);
    core::onFinished(m_store->submit<core::ContextSettings>([source](core::CaseStore &store) {
        return core::ContextSettingsStore::load(store, source);
    }),
                     this,
                     [this, connection](const QFuture<core::Result<core::ContextSettings>> &done) {
                         const auto loaded = core::resultOf(done);
                         if (loaded && *loaded && m_session->isOpen(connection))
                             m_model->setTableMarks(connection, loaded->value());
                     });
}

void SchemaDock::markTable(int connection, const QString &table, core::TableMark mark)
{
    core::ContextSettings marks = m_model->tableMarks(connection);
    const core::TableMark before = marks.markOf(table);
    marks.setMark(table, mark);
    m_model->setTableMarks(connection, marks);
    // The loop reads the marks from the store: one that is not stored is taken back.
    const auto takeBack = [this, connection, table, before](const QString &why) {
        core::ContextSettings current = m_model->tableMarks(connection);
        current.setMark(table, before);
        m_model->setTableMarks(connection, current);
        Q_EMIT problem(tr("The mark of %1 could not be kept: %2").arg(table, why));
    };
    if (!m_store) {
        takeBack(tr("there is no case store"));
        return;
    }
    const QString source = datasource(connection);
    core::onFinished(
            m_store->submit<core::Done>(
                    [source, table, mark](core::CaseStore &store) {
                        return core::ContextSettingsStore::setMark(store, source, table, mark);
                    },
                    /*write=*/true),
            this, [takeBack](const QFuture<core::Result<core::Done>> &done) {
                const auto stored = core::resultOf(done);
                if (stored && *stored)
                    return;
                takeBack(stored ? stored->error().message : tr("the case store did not answer"));
            });
}

void SchemaDock::addMarkActions(QMenu &menu, const QModelIndex &index)
{
    const int connection = index.data(SchemaTreeModel::ConnectionRole).toInt();
    const QString table = index.data(SchemaTreeModel::NameRole).toString();
    const auto mark = core::TableMark(index.data(SchemaTreeModel::MarkRole).toInt());
    menu.addSeparator();
    const auto add = [&](const QString &text, const QString &tip, core::TableMark to) {
        QAction *action = menu.addAction(
                text, this, [this, connection, table, to] { markTable(connection, table, to); });
        action->setToolTip(tip);
        action->setStatusTip(tip);
    };
    if (mark == core::TableMark::Pinned)
        add(tr("Unpin Table"), tr("Give the table to the model only when the question needs it"),
            core::TableMark::None);
    else
        add(tr("Pin Table"), tr("Always give this table to the model for this connection"),
            core::TableMark::Pinned);
    if (mark == core::TableMark::Excluded)
        add(tr("Include Table"), tr("Let the model and the repairs use this table again"),
            core::TableMark::None);
    else
        add(tr("Exclude Table"), tr("Never give this table to the model, nor let a repair read it"),
            core::TableMark::Excluded);
}

void SchemaDock::loadAllNotes()
{
    for (int connection : m_session->connections())
        loadNotes(connection);
}

void SchemaDock::loadNotes(int connection)
{
    if (!m_store || !m_session->isOpen(connection))
        return;
    const QString key = datasource(connection);
    std::function<core::Result<core::BusinessNotes>(core::CaseStore &)> job =
            [key](core::CaseStore &store) { return core::NoteStore(store).notes(key); };
    whenStored(m_store->submit(std::move(job)), this,
               [this, connection, key](const core::Result<core::BusinessNotes> &notes) {
                   // The connection may have closed, or another opened under the same id.
                   if (!m_session->isOpen(connection) || datasource(connection) != key)
                       return;
                   if (!notes) {
                       Q_EMIT statusMessage(
                               tr("The notes cannot be read: %1").arg(notes.error().message));
                       return;
                   }
                   m_model->setNotes(connection, notes.value());
                   Q_EMIT notesLoaded(connection);
               });
}

void SchemaDock::addNoteActions(QMenu &menu, const QModelIndex &index)
{
    const auto kind = SchemaTreeModel::NodeKind(index.data(SchemaTreeModel::KindRole).toInt());
    const int connection = index.data(SchemaTreeModel::ConnectionRole).toInt();
    if (kind == SchemaTreeModel::NodeKind::Table || kind == SchemaTreeModel::NodeKind::Column) {
        QAction *edit = menu.addAction(tr("Edit Note…"), this, [this, index] { editNote(index); });
        edit->setEnabled(m_store != nullptr);
    }
    if (kind != SchemaTreeModel::NodeKind::Message) {
        QAction *glossary = menu.addAction(tr("Glossary…"), this,
                                           [this, connection] { editGlossary(connection); });
        glossary->setEnabled(m_store != nullptr);
        menu.addSeparator();
    }
}

bool SchemaDock::editNote(const QModelIndex &index)
{
    const auto kind = SchemaTreeModel::NodeKind(index.data(SchemaTreeModel::KindRole).toInt());
    if (!m_store || !index.isValid()
        || (kind != SchemaTreeModel::NodeKind::Table && kind != SchemaTreeModel::NodeKind::Column))
        return false;
    const int connection = index.data(SchemaTreeModel::ConnectionRole).toInt();
    const QString table = index.data(SchemaTreeModel::TableRole).toString();
    const QString column = kind == SchemaTreeModel::NodeKind::Column
            ? index.data(SchemaTreeModel::NameRole).toString()
            : QString();
    const core::BusinessNotes notes = m_model->notes(connection);
    auto *dialog =
            new NoteDialog(table, column, index.data(SchemaTreeModel::CommentRole).toString(),
                           notes.find(table, column), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString key = datasource(connection);
    connect(dialog, &QDialog::accepted, this, [this, dialog, key] {
        const core::BusinessNote note = dialog->note();
        std::function<core::Result<core::Done>(core::CaseStore &)> job =
                [key, note](core::CaseStore &store) {
                    return core::NoteStore(store).setNote(key, note);
                };
        // A write: the store announces the change, and every connection's notes are read again.
        whenStored(m_store->submit(std::move(job), true), this,
                   [this, target = note.target()](const core::Result<core::Done> &saved) {
                       if (!saved)
                           Q_EMIT statusMessage(tr("The note on %1 was not saved: %2")
                                                        .arg(target, saved.error().message));
                   });
    });
    dialog->open();
    return true;
}

bool SchemaDock::editGlossary(int connection)
{
    if (!m_store || !m_session->isOpen(connection))
        return false;
    auto *dialog = new GlossaryDialog(m_session->displayName(connection),
                                      m_model->notes(connection).terms(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString key = datasource(connection);
    connect(dialog, &QDialog::accepted, this, [this, dialog, key] {
        std::function<core::Result<core::Done>(core::CaseStore &)> job =
                [key, terms = dialog->terms()](core::CaseStore &store) {
                    return core::NoteStore(store).replaceTerms(key, terms);
                };
        whenStored(m_store->submit(std::move(job), true), this,
                   [this](const core::Result<core::Done> &saved) {
                       if (!saved)
                           Q_EMIT statusMessage(
                                   tr("The glossary was not saved: %1").arg(saved.error().message));
                   });
    });
    dialog->open();
    return true;
}

} // namespace sqlmend::ui
